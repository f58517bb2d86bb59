import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { fromPglite } from '../../src/db/client';
import { readMigrations } from '../../src/db/migrate';

const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'insightra-start-up-')),
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
});

describe('start-up while the database opens (decision 113)', () => {
  it('registers the app first, then migrates before any start-up work and the first answer', async () => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    const instance = new PGlite();
    const database = fromPglite(instance);
    const databaseOpening = opened.then(() => instance.waitReady);
    const app = await buildApp({ config, database, ownsDatabase: true, databaseOpening });

    // Built while the database had not answered; ready waits for it.
    let ready = false;
    const readying = app.ready().then(() => {
      ready = true;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(ready).toBe(false);
    open();
    await readying;

    const { rows } = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows).toEqual([{ n: readMigrations().length }]);
    const health = await app.inject({ method: 'GET', url: '/api/powerbi/health' });
    expect(health.statusCode).toBe(200);
    await app.close();
    expect(instance.closed).toBe(true);
  }, 120_000);
});
