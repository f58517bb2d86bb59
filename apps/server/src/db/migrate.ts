import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './client';

/** Arbitrary, fixed key for the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 727_001;

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
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(path.join(dir, f), 'utf8') }));
}

/**
 * Applies pending migrations in one transaction under an advisory lock: running it twice, or from two
 * processes at once, applies each migration exactly once.
 */
export async function migrate(db: Database, migrations = readMigrations()): Promise<string[]> {
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
