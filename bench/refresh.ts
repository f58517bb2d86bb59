/**
 * Benchmark of the dashboard's refresh and embed data request (docs/performance/dashboard.md).
 *
 *   npm run bench:refresh                       # PGlite, and PostgreSQL when BENCH_DATABASE_URL is set
 *   BENCH_ROWS=1000000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:refresh
 *
 * For each database: load BENCH_ROWS dataset rows for one member with COPY, then time (median of
 * BENCH_REPEAT runs) one `SELECT grade, gender, count(*) … GROUP BY` over those rows, the full refresh
 * (claim + recompute of every summary + completion, in one transaction), and (median of 50) the embed
 * data request of a report over that dataset through the real HTTP stack (app.inject).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, fromPglite, fromPool } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import type { BuiltinProvider } from '../apps/server/src/features/bi/builtin/provider';
import { RefreshWorker } from '../apps/server/src/features/bi/builtin/refresh-worker';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const EMBED_REQUESTS = 50;
const GRADES_UUID = '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c01';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** The dataset as COPY text: grades 1-10, both genders, two in three submitted, scores, enrolment dates. */
function* csvChunks(uploadId: number, userId: number) {
  const batch = 20_000;
  for (let start = 1; start <= ROWS; start += batch) {
    let out = '';
    for (let g = start; g < start + batch && g <= ROWS; g++) {
      const day = String((g % 28) + 1).padStart(2, '0');
      const month = String((g % 12) + 1).padStart(2, '0');
      out += `${uploadId}\t${userId}\tS${g}\tStudent ${g}\t${g % 2 ? 'Male' : 'Female'}\tGrade ${(g % 10) + 1}\t${g % 3 ? 't' : 'f'}\t${(g * 37) % 101}\t2025-${month}-${day}\n`;
    }
    yield out;
  }
}

const COPY_SQL =
  'COPY dataset_rows (upload_id, user_id, student_id, student_name, gender, grade, project_submitted, score, enrolled_on) FROM STDIN';

async function load(db: Database, copy: (uploadId: number, userId: number) => Promise<void>) {
  const { rows: user } = await db.query<{ id: number }>(
    "INSERT INTO users (username, email, sector_id, updated_date) VALUES ('bench', 'bench@example.com', 1, now()) RETURNING id",
  );
  const userId = user[0]!.id;
  const { rows: log } = await db.query<{ id: number }>(
    `INSERT INTO upload_logs (user_id, file_name, file_format, total_processed, total_accepted, success_rate)
     VALUES ($1, 'bench.csv', 'csv', $2, $2, 100) RETURNING id`,
    [userId, ROWS],
  );
  const loadMs = await time(() => copy(log[0]!.id, userId));
  await db.exec('VACUUM ANALYZE dataset_rows');
  await db.query('INSERT INTO reports (user_id, tier, report_type, report_uuid) VALUES ($1, $2, $3, $4)', [
    userId,
    'Beta',
    'Grades',
    GRADES_UUID,
  ]);
  return { userId, loadMs };
}

async function measure(
  kind: string,
  db: Database,
  copy: (uploadId: number, userId: number) => Promise<void>,
) {
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'insightra-bench-')),
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    }),
    database: db,
    logger: false,
  });
  await app.ready();
  // The bench runs the refresh itself, so that it times exactly one job.
  await (app.bi as BuiltinProvider).worker.stop();
  const { userId, loadMs } = await load(db, copy);
  console.log(
    `${kind}: loaded ${ROWS.toLocaleString('en-IN')} rows with COPY in ${(loadMs / 1000).toFixed(1)} s`,
  );

  const groupBy: number[] = [];
  const refresh: number[] = [];
  const worker = new RefreshWorker(db, { owner: 'bench' });
  for (let i = 0; i < REPEAT; i++) {
    groupBy.push(
      await time(() =>
        db.query(
          'SELECT grade, gender, count(*) FROM dataset_rows WHERE user_id = $1 GROUP BY grade, gender',
          [userId],
        ),
      ),
    );
    await db.query('INSERT INTO refresh_jobs (user_id) VALUES ($1)', [userId]);
    refresh.push(
      await time(async () => {
        if (!(await worker.tick())) throw new Error('no job');
      }),
    );
  }
  const { rows: state } = await db.query<{ status: string; row_count: number }>(
    'SELECT status, row_count FROM refresh_jobs WHERE user_id = $1 ORDER BY requested_at DESC LIMIT 1',
    [userId],
  );
  if (state[0]?.status !== 'completed' || Number(state[0].row_count) !== ROWS)
    throw new Error(`refresh did not complete: ${JSON.stringify(state[0])}`);

  const session = await app.auth.signSession(userId, { role: 'member' });
  const tokenRes = await app.inject({
    method: 'GET',
    url: '/api/powerbi/get-powerbi-token?tier=Beta',
    headers: { authorization: `Bearer ${session}` },
  });
  const embed = tokenRes.json().accessToken as string;
  const embedMs: number[] = [];
  for (let i = 0; i < EMBED_REQUESTS; i++) {
    embedMs.push(
      await time(async () => {
        const res = await app.inject({
          method: 'GET',
          url: `/api/embed/reports/${GRADES_UUID}`,
          headers: { authorization: `Bearer ${embed}` },
        });
        if (res.statusCode !== 200 || res.json().rowCount !== ROWS) throw new Error(res.body);
      }),
    );
  }
  await app.close();
  const g = median(groupBy);
  const r = median(refresh);
  const e = median(embedMs);
  console.log(
    `${kind}: GROUP BY ${g.toFixed(0)} ms | refresh ${r.toFixed(0)} ms | ratio ${(r / g).toFixed(2)}x (bar ≤ 3x) | embed data median ${e.toFixed(1)} ms (bar < 100 ms on PostgreSQL)`,
  );
  return { kind, groupByMs: g, refreshMs: r, ratio: r / g, embedMedianMs: e };
}

async function pglite() {
  const instance = await PGlite.create();
  const db = fromPglite(instance);
  await migrate(db);
  const result = await measure('PGlite', db, async (uploadId, userId) => {
    const text = [...csvChunks(uploadId, userId)].join('');
    await instance.query(`${COPY_SQL.replace('FROM STDIN', "FROM '/dev/blob'")}`, [], {
      blob: new Blob([text]),
    });
  });
  await db.close();
  return result;
}

async function postgres(url: string) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  const pool = new pg.Pool({ connectionString: u.toString(), max: 5 });
  const db = fromPool(pool);
  try {
    await migrate(db);
    return await measure('PostgreSQL', db, async (uploadId, userId) => {
      const client = await pool.connect();
      try {
        await pipeline(Readable.from(csvChunks(uploadId, userId)), client.query(copyFrom(COPY_SQL)));
      } finally {
        client.release();
      }
    });
  } finally {
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

const results = [await pglite()];
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) results.push(await postgres(url));
else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL)');
console.table(results);
