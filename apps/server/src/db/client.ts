import type { Worker } from 'node:worker_threads';
import { Kysely } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { markConnectionError } from './availability';
import { type RawQuery, rawDialect } from './connection-dialect';
import { numericParsers } from './numeric-parsers';
import { pgliteDirectory } from './pglite-location';
import { type PgliteLike, type PgliteStatements, PgliteThread, startPgliteWorker } from './pglite-thread';
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
  raw: { kind: 'pglite'; tx: PgliteStatements } | { kind: 'postgres'; client: pg.PoolClient };
}

/**
 * The database as the server uses it. Every statement goes through one of these methods (the driver's
 * own handle is not exposed), so a wrapper such as `afterMigrations` sees each of them.
 */
export interface Database extends RawQuery {
  kind: DatabaseKind;
  kysely: Kysely<DB>;
  exec(sql: string): Promise<void>;
  /**
   * One statement kept as a named prepared statement: on PostgreSQL it is parsed and planned once per
   * connection instead of at every call; on PGlite it is a plain query.
   */
  namedQuery<R>(name: string, text: string, params: readonly unknown[]): Promise<{ rows: R[] }>;
  /** `COPY target FROM` the given COPY text, as one statement of its own. */
  copyIn(target: string, data: Uint8Array): Promise<void>;
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Connections in use and callers waiting for one, for the metrics endpoint. */
  stats(): PoolStats;
}

/** Anything a repository can run builder statements on: the database, or one transaction of it. */
export type Queryable = Pick<Database | Tx, 'kysely'>;

export interface PoolStats {
  /** Connections running a query or a transaction (PGlite: 1 while busy). */
  inUse: number;
  idle: number;
  /** Callers waiting for a connection (PGlite: statements queued behind the one running). */
  waiting: number;
}

export function fromPglite(instance: PgliteLike): Database {
  // PGlite runs one statement or transaction at a time; the rest queue behind it. Counted for metrics.
  let active = 0;
  const counted =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      active++;
      try {
        return await run(...args);
      } finally {
        active--;
      }
    };
  const query = counted(async (text: string, params?: readonly unknown[]) => {
    const r = await instance.query(text, params as unknown[], { parsers: numericParsers });
    return { rows: r.rows as never[], rowCount: r.affectedRows ?? r.rows.length };
  }) as RawQuery['query'];
  const db: Database = {
    kind: 'pglite',
    query,
    kysely: new Kysely<DB>({ dialect: rawDialect({ query }) }),
    exec: async (sql) => {
      await instance.exec(sql);
    },
    namedQuery: (_name, text, params) => query(text, params),
    copyIn: async (target, data) => {
      await instance.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([data]) });
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
    stats: () => ({ inUse: Math.min(active, 1), idle: active ? 0 : 1, waiting: Math.max(active - 1, 0) }),
    close: async () => {
      if (!instance.closed) await instance.close();
    },
  };
  db.exec = counted(db.exec);
  db.copyIn = counted(db.copyIn);
  db.transaction = counted(db.transaction) as Database['transaction'];
  return db;
}

/**
 * Every client of the pool gets an error listener for its whole life. pg-pool listens on idle clients
 * only: a checked-out client (Kysely's, a transaction's, a COPY's) whose server goes away would
 * otherwise emit an unhandled 'error' and end the process. The query in progress fails with the
 * error; the broken client is dropped when released and the pool connects afresh.
 */
export function guardPool(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    client.on('error', markConnectionError);
  });
  pool.on('error', markConnectionError);
}

/**
 * A connection from the pool; failing to get one means the database cannot be reached (a reset while
 * connecting, a refused socket, the pool's connect timeout), so the error is marked as such.
 */
export async function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (err) {
    markConnectionError(err);
    throw err;
  }
}

/** `pool.query`, with a failure to get a connection marked as the database being unreachable. */
export async function poolQuery(
  pool: pg.Pool,
  config: string | pg.QueryConfig,
  values?: unknown[],
): Promise<pg.QueryResult> {
  const client = await connect(pool);
  try {
    const result = await client.query(config, values);
    client.release();
    return result;
  } catch (err) {
    // As pool.query does: a client whose query failed is not reused.
    client.release(err as Error);
    throw err;
  }
}

export function fromPool(pool: pg.Pool): Database {
  guardPool(pool);
  const query: RawQuery['query'] = async (text, params) => {
    const r = await poolQuery(pool, text, params as unknown[]);
    return { rows: r.rows, rowCount: r.rowCount ?? r.rows.length };
  };
  return {
    kind: 'postgres',
    query,
    kysely: new Kysely<DB>({ dialect: rawDialect({ query }) }),
    exec: async (sql) => {
      await poolQuery(pool, sql);
    },
    namedQuery: async (name, text, params) => poolQuery(pool, { name, text, values: params as unknown[] }),
    copyIn: async (target, data) => {
      const client = await connect(pool);
      let broken = false;
      try {
        await copyInto(client, target, data);
      } catch (err) {
        broken = true;
        throw err;
      } finally {
        client.release(broken);
      }
    },
    transaction: async (fn) => {
      const client = await connect(pool);
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
    stats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}

/** One COPY … FROM STDIN of `data` on `client`; a failure sends CopyFail so the connection stays usable. */
async function copyInto(client: pg.PoolClient, target: string, data: Uint8Array): Promise<void> {
  const stream = client.query(copyFrom(`COPY ${target} FROM STDIN`));
  try {
    await new Promise<void>((resolve, reject) => {
      stream.once('error', reject);
      stream.once('finish', () => resolve());
      stream.end(data);
    });
  } catch (err) {
    if (!stream.destroyed) stream.destroy(err instanceof Error ? err : new Error('upload aborted'));
    throw err;
  }
}

/**
 * The same database, each of whose statements first waits for `migrated`, and fails with its error.
 * The server's plugins receive only this one (plugins/database.ts), so none of them can reach a
 * database whose migrations have not run, whenever it queries: while registering, in a start-up hook,
 * or in a request.
 */
export function afterMigrations(db: Database, migrated: Promise<unknown>): Database {
  const waiting =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await migrated;
      return run(...args);
    };
  const query = waiting(db.query.bind(db)) as RawQuery['query'];
  return {
    kind: db.kind,
    query,
    kysely: new Kysely<DB>({ dialect: rawDialect({ query }) }),
    exec: waiting(db.exec.bind(db)),
    namedQuery: waiting(db.namedQuery.bind(db)) as Database['namedQuery'],
    copyIn: waiting(db.copyIn.bind(db)),
    transaction: waiting(db.transaction.bind(db)) as Database['transaction'],
    close: () => db.close(),
    stats: () => db.stats(),
  };
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PostgreSQL connections per instance. */
  poolSize?: number;
  /** Longest wait for a PostgreSQL connection (a new one, or a free one of the pool). */
  connectTimeoutMs?: number;
  dataDir: string;
  /** PGlite's thread, when the process started it before loading the server (start.ts). */
  pgliteWorker?: { dir: string; worker: Worker };
}

/** PGlite under DATA_DIR by default; PostgreSQL when a URL is given. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const { db, ready } = createDatabase(options);
  await ready;
  return db;
}

/**
 * The database at once, and `ready` when it has answered: queries made before then wait for it
 * (PGlite queues them until it is open; the pool connects on demand). Start-up registers the rest of
 * the server meanwhile (decision 115).
 */
export function createDatabase(options: OpenOptions): { db: Database; ready: Promise<void> } {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      // While the database is away a request fails fast (503) instead of hanging on a connection.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 2000,
      keepAlive: true,
    });
    const db = fromPool(pool);
    return { db, ready: pool.query('SELECT 1').then(() => undefined) };
  }
  const dir = pgliteDirectory(options.dataDir);
  const early = options.pgliteWorker;
  if (early && early.dir !== dir) void early.worker.terminate();
  const worker = early?.dir === dir ? early.worker : startPgliteWorker(dir);
  const instance = new PgliteThread(worker);
  return { db: fromPglite(instance), ready: instance.waitReady };
}
