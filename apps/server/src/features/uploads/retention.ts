import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { scratchRoot } from './ingest';
import { removeExpiredFiles } from './repository';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Removes expired files' content hourly (and once at start). Safe with several instances: the work
 * is one statement whose row locks let each file be removed once. Also clears the scratch files a
 * killed process may have left (they were never part of the database).
 */
export function startRetention(app: FastifyInstance, everyMs = EVERY_MS) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= removeExpiredFiles(app.db)
      .then((n) => {
        if (n) app.log.info({ files: n }, 'expired upload files removed');
      })
      .catch((err) => app.log.warn({ err }, 'file retention failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await clearDeadScratch(scratchRoot(app.config));
    void run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
  return { run };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Scratch folders are named by process id; those of processes no longer running are leftovers. */
async function clearDeadScratch(root: string) {
  const entries = await readdir(root).catch(() => [] as string[]);
  for (const name of entries) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid !== process.pid && !alive(pid))
      await rm(path.join(root, name), { recursive: true, force: true }).catch(() => {});
  }
}
