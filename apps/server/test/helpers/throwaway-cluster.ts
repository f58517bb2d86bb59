import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own, which it may stop and start at will: `initdb` and `pg_ctl`
 * run as the `postgres` user on a free port, in a temporary folder removed by `destroy`. Never the
 * shared server.
 */
export interface ThrowawayCluster {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

async function asPostgres(args: string[], timeoutMs: number) {
  await run('runuser', ['-u', 'postgres', '--', ...args], { timeout: timeoutMs, killSignal: 'SIGKILL' });
}

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'insightra-pg-'));
  const dataDir = path.join(dir, 'data');
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off`;
  const start = () =>
    asPostgres(
      ['pg_ctl', '-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start'],
      40_000,
    );
  const stop = (mode: 'fast' | 'immediate') =>
    asPostgres(['pg_ctl', '-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop'], 40_000);
  try {
    await asPostgres(
      ['initdb', '-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'],
      60_000,
    );
    await start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: () => stop('fast'),
    destroy: async () => {
      await stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
