import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { createTestDatabase } from './database';

export interface TestApp {
  app: App;
  db: Database;
  config: Config;
}

/**
 * The real application on a fresh database of its own, with the environment `env` on top of the
 * defaults. Closed after the test file.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'insightra-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const testDb = await createTestDatabase();
  const app = await buildApp({ config, database: testDb.db, logger: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await testDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, db: testDb.db, config };
}
