/**
 * Benchmark of the dashboard's refresh and embed data request (docs/performance/dashboard.md).
 *
 *   npm run bench:refresh                       # PGlite, and PostgreSQL when BENCH_DATABASE_URL is set
 *   BENCH_ROWS=1000000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:refresh
 *   BENCH_SECTOR=hotels npm run bench:refresh   # a sector by slug or name; `all` for the six in turn
 *   BENCH_ONLY=postgres|pglite                  # one database only
 *
 * For each sector and database: load BENCH_ROWS rows of the sector for one member of that sector with
 * COPY, then time (median of BENCH_REPEAT runs, alternating) one `GROUP BY` over those rows — Education:
 * `SELECT grade, gender, count(*)`; any other sector: by its main dimension — and the full refresh
 * (claim + recompute of every summary + completion, in one transaction), and (median of 50) the embed
 * data request of the sector's first report through the real HTTP stack (app.inject).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { EDUCATION, SECTOR_DECLARATIONS, type SectorDeclaration } from '@insightra/contract';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, fromPglite, fromPool } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import type { BuiltinProvider } from '../apps/server/src/features/bi/builtin/provider';
import { RefreshWorker } from '../apps/server/src/features/bi/builtin/refresh-worker';
import {
  storeUploadSummary,
  summariseUpload,
} from '../apps/server/src/features/bi/builtin/upload-summary-repository';
import { addMember } from '../apps/server/src/features/organisations/organisation-repository';
import { createUser } from '../apps/server/test/helpers/factories';
import { copyColumns, copyLine, sectorIdOf } from './sector-rows';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
/** Members of the uploader's organisation (the uploader included). */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10);
const EMBED_REQUESTS = 50;
const SECTOR = process.env.BENCH_SECTOR ?? 'Education';
const SECTORS =
  SECTOR === 'all'
    ? SECTOR_DECLARATIONS
    : [SECTOR_DECLARATIONS.find((d) => d.slug === SECTOR || d.industry === SECTOR) ?? fail(SECTOR)];

function fail(sector: string): never {
  throw new Error(`BENCH_SECTOR: no sector ${sector}`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * The dataset as COPY text. Education: grades 1-10, both genders, two in three submitted, scores,
 * enrolment dates; any other sector: rows made from its declaration (bench/sector-rows.ts).
 */
function* csvChunks(d: SectorDeclaration, uploadId: number, organisationId: number) {
  const batch = 20_000;
  for (let start = 1; start <= ROWS; start += batch) {
    let out = '';
    for (let g = start; g < start + batch && g <= ROWS; g++) {
      if (d !== EDUCATION) {
        out += copyLine(d, uploadId, organisationId, g);
        continue;
      }
      const day = String((g % 28) + 1).padStart(2, '0');
      const month = String((g % 12) + 1).padStart(2, '0');
      out += `${uploadId}\t${organisationId}\tS${g}\tStudent ${g}\t${g % 2 ? 'Male' : 'Female'}\tGrade ${(g % 10) + 1}\t${g % 3 ? 't' : 'f'}\t${(g * 37) % 101}\t2025-${month}-${day}\n`;
    }
    yield out;
  }
}

const copySql = (d: SectorDeclaration) =>
  d === EDUCATION
    ? 'COPY dataset_rows (upload_id, organisation_id, student_id, student_name, gender, grade, project_submitted, score, enrolled_on) FROM STDIN'
    : `COPY ${d.table} (${copyColumns(d)}) FROM STDIN`;

/** The reference: one GROUP BY of the member's rows (Education: by grade and gender; else its main dimension). */
function groupBySql(d: SectorDeclaration): string {
  if (d === EDUCATION)
    return 'SELECT grade, gender, count(*) FROM dataset_rows WHERE organisation_id = $1 GROUP BY grade, gender';
  const column = d.dimensions.find((x) => x.key === d.mainDimension)!.column;
  return `SELECT "${column}", count(*) FROM ${d.table} WHERE organisation_id = $1 GROUP BY "${column}"`;
}

type Copy = (d: SectorDeclaration, uploadId: number, organisationId: number) => Promise<void>;

async function load(db: Database, d: SectorDeclaration, copy: Copy) {
  // The uploader, in an organisation of BENCH_MEMBERS members (the others only belong to it).
  const user = await createUser(db, { username: 'bench', sectorId: sectorIdOf(d) });
  const organisationId = user.organisationId!;
  for (let i = 1; i < MEMBERS; i++) {
    const member = await createUser(db, { username: `bench_member_${i}`, organisation: false });
    await addMember(db, organisationId, member.id, 'viewer');
  }
  const userId = user.id;
  const { rows: log } = await db.query<{ id: number }>(
    `INSERT INTO upload_logs (organisation_id, user_id, file_name, file_format, total_processed, total_accepted, success_rate)
     VALUES ($1, $2, 'bench.csv', 'csv', $3, $3, 100) RETURNING id`,
    [organisationId, userId, ROWS],
  );
  const uploadId = log[0]!.id;
  const loadMs = await time(() => copy(d, uploadId, organisationId));
  // The upload's summary, stored with it as a publish does (decision 122): made here by the summary
  // query over the rows just written, which gives what the upload's own summariser gives.
  const summaryMs = await time(() =>
    db.transaction(async (tx) =>
      storeUploadSummary(tx, uploadId, await summariseUpload(tx, organisationId, d, uploadId)),
    ),
  );
  await db.exec(`VACUUM ANALYZE ${d.table}`);
  await db.query(
    'INSERT INTO reports (organisation_id, tier, report_type, report_uuid) VALUES ($1, $2, $3, $4)',
    [organisationId, 'Beta', d.reports[0]!.name, d.reports[0]!.uuid],
  );
  return { userId, organisationId, loadMs, summaryMs };
}

async function measure(kind: string, db: Database, d: SectorDeclaration, copy: Copy) {
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
  const { userId, organisationId, loadMs, summaryMs } = await load(db, d, copy);
  console.log(
    `${kind} ${d.industry}: loaded ${ROWS.toLocaleString('en-IN')} rows with COPY in ${(loadMs / 1000).toFixed(1)} s; the upload's summary by the query in ${summaryMs.toFixed(0)} ms`,
  );

  const groupBy: number[] = [];
  const refresh: number[] = [];
  const worker = new RefreshWorker(db, { owner: 'bench' });
  for (let i = 0; i < REPEAT; i++) {
    groupBy.push(await time(() => db.query(groupBySql(d), [organisationId])));
    await db.query('INSERT INTO refresh_jobs (organisation_id, user_id) VALUES ($1, $2)', [
      organisationId,
      userId,
    ]);
    refresh.push(
      await time(async () => {
        if (!(await worker.tick())) throw new Error('no job');
      }),
    );
  }
  const { rows: state } = await db.query<{ status: string; row_count: number }>(
    'SELECT status, row_count FROM refresh_jobs WHERE organisation_id = $1 ORDER BY requested_at DESC LIMIT 1',
    [organisationId],
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
          url: `/api/embed/reports/${d.reports[0]!.uuid}`,
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
    `${kind} ${d.industry}: GROUP BY ${g.toFixed(0)} ms | refresh ${r.toFixed(0)} ms | ratio ${(r / g).toFixed(2)}x | embed data median ${e.toFixed(1)} ms`,
  );
  return {
    kind,
    sector: d.industry,
    groupByMs: Math.round(g),
    refreshMs: Math.round(r),
    ratio: Number((r / g).toFixed(2)),
    sqlSummaryMs: Math.round(summaryMs),
    embedMedianMs: Number(e.toFixed(1)),
    groupBy: groupBy.map(Math.round).join(' '),
    refresh: refresh.map(Math.round).join(' '),
  };
}

async function pglite(d: SectorDeclaration) {
  const instance = await PGlite.create();
  const db = fromPglite(instance);
  await migrate(db);
  const result = await measure('PGlite', db, d, async (d, uploadId, organisationId) => {
    const text = [...csvChunks(d, uploadId, organisationId)].join('');
    await instance.query(`${copySql(d).replace('FROM STDIN', "FROM '/dev/blob'")}`, [], {
      blob: new Blob([text]),
    });
  });
  await db.close();
  return result;
}

async function postgres(url: string, d: SectorDeclaration) {
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
    return await measure('PostgreSQL', db, d, async (d, uploadId, organisationId) => {
      const client = await pool.connect();
      try {
        await pipeline(
          Readable.from(csvChunks(d, uploadId, organisationId)),
          client.query(copyFrom(copySql(d))),
        );
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

const results = [];
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
for (const d of SECTORS) {
  if (process.env.BENCH_ONLY !== 'postgres') results.push(await pglite(d));
  if (process.env.BENCH_ONLY === 'pglite') continue;
  if (url) results.push(await postgres(url, d));
  else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL)');
}
console.table(results);
