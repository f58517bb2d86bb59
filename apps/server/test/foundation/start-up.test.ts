import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { fromPglite } from '../../src/db/client';
import { testDatabaseKind } from '../helpers/database';

const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'insightra-start-up-')),
  LOG_LEVEL: 'silent',
});

// PGlite whatever the project's database: this is about the order of start-up, not the database.
describe.runIf(testDatabaseKind === 'pglite')('start-up while the database opens (decision 115)', () => {
  it('registers the app first, then migrates an empty database before any other statement and the first answer', async () => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    // An empty database, as at a first start; no JWT_SECRET: the secret is generated and kept in it.
    const instance = new PGlite();
    const database = fromPglite(instance);
    const queries: string[] = [];
    const query = database.query;
    database.query = ((text, params) => {
      queries.push(text);
      return query(text, params);
    }) as typeof query;
    const databaseOpening = opened.then(() => instance.waitReady);
    const app = await buildApp({ config, database, ownsDatabase: true, databaseOpening });

    // Built while the database had not answered, without a query; ready waits for it.
    expect(queries).toEqual([]);
    let ready = false;
    const readying = app.ready().then(() => {
      ready = true;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(ready).toBe(false);
    open();
    await readying;

    // The migration check comes first, once the database is open; the plugins' statements follow the
    // migrations (their own statements run in a transaction, not through `query`).
    expect(queries[0]).toBe('SELECT version FROM schema_migrations');
    const secret = await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM app_settings WHERE key = 'jwt_secret'",
    );
    expect(secret.rows[0]?.n).toBe(1);
    const health = await app.inject({ method: 'GET', url: '/api/powerbi/health' });
    expect(health.statusCode).toBe(200);
    await app.close();
    expect(instance.closed).toBe(true);
  }, 120_000);
});
