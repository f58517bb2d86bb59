import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type RawQuery, rawDialect } from './connection-dialect';
import type { DB } from './schema';

// Return bigint/numeric columns as JS numbers where they fit; counts and sizes here stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type DatabaseKind = 'pglite' | 'postgres';

/** A connection inside one transaction. `raw` is the driver's own handle (for COPY). */
export interface Tx extends RawQuery {
  kysely: Kysely<DB>;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<void>;
  raw: { kind: 'pglite'; tx: PgliteTx } | { kind: 'postgres'; client: pg.PoolClient };
}

type PgliteTx = Parameters<Parameters<PGlite['transaction']>[0]>[0];

export interface Database extends RawQuery {
  kind: DatabaseKind;
  kysely: Kysely<DB>;
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
}

const numericParsers = {
  20: (v: string) => Number(v),
  1700: (v: string) => Number(v),
};

export function fromPglite(instance: PGlite): Database {
  const query: RawQuery['query'] = async (text, params) => {
    const r = await instance.query(text, params as unknown[], { parsers: numericParsers });
    return { rows: r.rows as never[], rowCount: r.affectedRows ?? r.rows.length };
  };
  return {
    kind: 'pglite',
    pglite: instance,
    query,
    kysely: new Kysely<DB>({ dialect: rawDialect({ query }) }),
    exec: async (sql) => {
      await instance.exec(sql);
    },
    transaction: (fn) =>
      instance.transaction(async (t) => {
        const txQuery: RawQuery['query'] = async (text, params) => {
          const r = await t.query(text, params as unknown[], { parsers: numericParsers });
          return { rows: r.rows as never[], rowCount: r.affectedRows ?? r.rows.length };
        };
        return fn({
          query: txQuery,
          kysely: new Kysely<DB>({ dialect: rawDialect({ query: txQuery }) }),
          exec: async (sql) => {
            await t.exec(sql);
          },
          raw: { kind: 'pglite', tx: t },
        });
      }),
    close: async () => {
      if (!instance.closed) await instance.close();
    },
  };
}

export function fromPool(pool: pg.Pool): Database {
  const query: RawQuery['query'] = async (text, params) => {
    const r = await pool.query(text, params as unknown[]);
    return { rows: r.rows, rowCount: r.rowCount ?? r.rows.length };
  };
  return {
    kind: 'postgres',
    pool,
    query,
    kysely: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const txQuery: RawQuery['query'] = async (text, params) => {
          const r = await client.query(text, params as unknown[]);
          return { rows: r.rows, rowCount: r.rowCount ?? r.rows.length };
        };
        const result = await fn({
          query: txQuery,
          kysely: new Kysely<DB>({ dialect: rawDialect({ query: txQuery }) }),
          exec: async (sql) => {
            await client.query(sql);
          },
          raw: { kind: 'postgres', client },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        throw err;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PostgreSQL connections per instance. */
  poolSize?: number;
  dataDir: string;
}

/** PGlite under DATA_DIR by default; PostgreSQL when a URL is given. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
    });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    await pool.query('SELECT 1');
    return fromPool(pool);
  }
  const dir = path.join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const instance = await PGlite.create(dir);
  return fromPglite(instance);
}
