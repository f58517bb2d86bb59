import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, fromPglite, fromPool } from '../../src/db/client';
import { type Migration, migrate, readMigrations } from '../../src/db/migrate';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The database this test project runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKind: TestDatabaseKind =
  process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  db: Database;
  /** Connection string of a PostgreSQL test schema (for child processes); undefined on PGlite. */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind === 'postgres') return createPostgresSchema();
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  const instance = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  const db = fromPglite(instance);
  return { db, drop: () => db.close() };
}

/**
 * A new DATA_DIR for a child server or the CLI whose PGlite database is already migrated (the run's
 * snapshot unpacked into it), so that a test whose subject is not the first start skips it.
 */
export async function migratedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'insightra-data-'));
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  const instance = await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir: new Blob([snapshot]) });
  await instance.close();
  return dataDir;
}

function postgresBaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

/** A connection string whose sessions use `schema` first. */
export function withSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** A private schema in the test PostgreSQL database, migrated (by `migrations`), dropped at the end. */
export async function createPostgresSchema(
  migrations: Migration[] = readMigrations(),
): Promise<TestDatabase> {
  const base = postgresBaseUrl();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = withSchema(base, schema);
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  const db = fromPool(pool);
  await migrate(db, migrations);
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** A database migrated only up to (not including) `version`: for data written in an older schema. */
export async function createDatabaseBefore(version: string): Promise<TestDatabase> {
  const migrations = readMigrations().filter((m) => m.version < version);
  if (testDatabaseKind === 'postgres') return createPostgresSchema(migrations);
  const db = fromPglite(await PGlite.create());
  await migrate(db, migrations);
  return { db, drop: () => db.close() };
}
