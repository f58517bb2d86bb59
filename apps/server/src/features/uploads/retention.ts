import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { soonAfterStart } from '../../lib/start-up-work';
import { scratchRoot } from './ingest';
import { processAlive, sweepPending } from './pending';
import { removeExpiredFiles } from './repository';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Removes expired files' content hourly (and once soon after start). Safe with several instances: the work
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
      .catch((err) =>
        app.databaseOutage.backgroundFailed(err, () => app.log.warn({ err }, 'file retention failed')),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  // Unfinished uploads whose lease expired (or whose process died) are removed soon after start and
  // then every lease period (decision 080).
  const { leaseMs } = app.config.uploads;
  let sweeping: Promise<void> | null = null;
  const sweep = () => {
    sweeping ??= sweepPending(app.db, leaseMs)
      .then((n) => {
        if (n) app.log.info({ uploads: n }, 'unfinished uploads removed');
      })
      .catch((err) =>
        app.databaseOutage.backgroundFailed(err, () =>
          app.log.warn({ err }, 'sweeping unfinished uploads failed'),
        ),
      )
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  };
  let timer: NodeJS.Timeout | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await clearDeadScratch(scratchRoot(app.config));
    timer = setInterval(run, everyMs);
    timer.unref();
    sweepTimer = setInterval(sweep, leaseMs);
    sweepTimer.unref();
  });
  soonAfterStart(app, () => {
    void run();
    void sweep();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    if (sweepTimer) clearInterval(sweepTimer);
    await Promise.all([running, sweeping]);
  });
  return { run, sweep };
}

/** Scratch folders are named by process id; those of processes no longer running are leftovers. */
async function clearDeadScratch(root: string) {
  const entries = await readdir(root).catch(() => [] as string[]);
  for (const name of entries) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid !== process.pid && !processAlive(pid))
      await rm(path.join(root, name), { recursive: true, force: true }).catch(() => {});
  }
}
