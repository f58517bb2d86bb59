import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './client';

/** Arbitrary, fixed key for the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 727_001;
const MIGRATION_FILE = /^\d{4}_[\w-]+\.sql$/;

export interface Migration {
  version: string;
  sql: string;
}

export function migrationsDir(): string {
  // Source tree (tsx, vitest) and the bundled server (dist/) both keep migrations beside this module.
  return path.join(import.meta.dirname, 'migrations');
}

export function readMigrations(dir = migrationsDir()): Migration[] {
  return readdirSync(dir)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(path.join(dir, f), 'utf8') }));
}

/** The migrations' versions, from their file names alone (the SQL is read only when one is pending). */
export function migrationVersions(dir = migrationsDir()): string[] {
  return readdirSync(dir)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort()
    .map((f) => f.replace(/\.sql$/, ''));
}

/**
 * Applies pending migrations in one transaction under an advisory lock: running it twice, or from two
 * processes at once, applies each migration exactly once. When every version is already recorded — any
 * restart after the first — one read answers and no transaction, lock or file read follows.
 */
export async function migrate(db: Database, migrations?: Migration[]): Promise<string[]> {
  const versions = migrations?.map((m) => m.version) ?? migrationVersions();
  if (await allApplied(db, versions)) return [];
  return applyPending(db, migrations ?? readMigrations());
}

async function allApplied(db: Database, versions: string[]): Promise<boolean> {
  try {
    const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => r.version));
    return versions.every((v) => done.has(v));
  } catch {
    return false; // no schema_migrations yet: a new database
  }
}

async function applyPending(db: Database, migrations: Migration[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [m.version]);
      applied.push(m.version);
    }
    return applied;
  });
}
