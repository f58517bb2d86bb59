/**
 * Benchmark of the admin user search (docs/performance/admin.md).
 *
 *   npx tsx bench/admin-search.ts                 # PGlite, and PostgreSQL when BENCH_DATABASE_URL is set
 *   BENCH_USERS=100000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/admin-search.ts
 *
 * Seeds BENCH_USERS users set-based (generate_series), then times BENCH_REQUESTS requests of each kind
 * through the real HTTP stack (app.inject, admin access check included) and prints p50/p95 in ms.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, fromPglite, fromPool } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;

async function run(kind: string, db: Database) {
  await migrate(db);
  await db.query(
    `INSERT INTO users (username, email, full_name, updated_date)
     SELECT 'bench_' || g, 'bench_' || g || '@example.com', 'Bench User ' || lpad(g::text, 6, '0'), now()
       FROM generate_series(1, $1::int) AS g`,
    [USERS],
  );
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (username, full_name, role, updated_date) VALUES ('bench_admin', 'Zoya Quintessa Rao', 'admin', now()) RETURNING id`,
  );
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'insightra-bench-admin-')),
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
  });
  const app = await buildApp({ config, database: db, logger: false });
  await app.ready();
  const token = await app.auth.signSession(rows[0]!.id, { role: 'admin' });
  const lastPage = Math.ceil((USERS + 1) / 24);
  const cases = {
    'first page, no search': '/api/admin/users',
    [`last page (${lastPage})`]: `/api/admin/users?page=${lastPage}`,
    'search, 1 match': `/api/admin/users?q=${encodeURIComponent('  zOYA quintessa ')}`,
    'search, 10 matches': '/api/admin/users?q=bench%20user%20000%2012',
    [`search, all ${USERS} match`]: '/api/admin/users?q=bench',
    'search, no match': '/api/admin/users?q=nobody',
  };
  for (const [name, url] of Object.entries(cases)) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS + 10; i++) {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      if (i >= 10) times.push(performance.now() - start); // the first ten warm up
    }
    console.log(
      `${kind.padEnd(10)} ${name.padEnd(28)} p50 ${quantile(times, 0.5).toFixed(2)} ms  p95 ${quantile(times, 0.95).toFixed(2)} ms`,
    );
  }
  await app.close();
}

const pglite = await PGlite.create();
await run('pglite', fromPglite(pglite));
await pglite.close();

if (process.env.BENCH_DATABASE_URL) {
  const base = process.env.BENCH_DATABASE_URL;
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
  try {
    await run('postgres', fromPool(pool));
  } finally {
    await pool.end().catch(() => {});
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
