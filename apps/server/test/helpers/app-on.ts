import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';

export interface AppOn {
  app: App;
  config: Config;
  /** Closes the app and removes its data folder; the database stays open for its owner. */
  close: () => Promise<void>;
}

/**
 * Another instance of the real application, with the environment `env` on top of the defaults, on a
 * database a test already has (as the instances of a deployment share one). Building it costs a
 * fraction of a fresh database. Not yet ready: the caller may add to it first, then `ready()` or
 * `listen()` it (`inject` readies it by itself), and closes it.
 */
export async function appOn(database: Database, env: Record<string, string> = {}): Promise<AppOn> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'insightra-data-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database, logger: false });
  return {
    app,
    config,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
