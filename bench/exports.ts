/**
 * Benchmark of report exports (docs/performance/exports.md).
 *
 *   npm run bench:exports
 *   BENCH_ROWS=100000 BENCH_SECTOR=real-estate npm run bench:exports
 *
 * Env: BENCH_ROWS (1,000,000), BENCH_SECTOR (a sector's slug or name, Education by default),
 * BENCH_REPEAT (20 PDFs), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test; a schema of its
 * own, dropped after).
 *
 * One organisation of the sector gets BENCH_ROWS generated rows (bench/sector-rows.ts) in one upload,
 * loaded with COPY, with the upload's summary as a publish stores it; Refresh Visuals runs once. Then,
 * through the real HTTP stack (app.inject, the export worker thread included): BENCH_REPEAT PDFs of the
 * sector's overview one after another (p50, p95 and size; the budget is p95 ≤ 1 s and ≤ 5 MB), and the
 * XLSX of each of the sector's reports, the largest (most chart points) against 2 s.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SECTOR_DECLARATIONS, type SectorDeclaration, sectorOverview } from '@insightra/contract';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type App, buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, fromPool } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import type { BuiltinProvider } from '../apps/server/src/features/bi/builtin/provider';
import { readSectorReport } from '../apps/server/src/features/bi/builtin/sector-summaries';
import {
  storeUploadSummary,
  summariseUpload,
} from '../apps/server/src/features/bi/builtin/upload-summary-repository';
import { createOrganisation } from '../apps/server/src/features/organisations/organisation-repository';
import { copyLine, sectorIdOf } from './sector-rows';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const URL_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECTOR = process.env.BENCH_SECTOR ?? 'Education';
const sector: SectorDeclaration =
  SECTOR_DECLARATIONS.find((d) => d.slug === SECTOR || d.industry === SECTOR) ??
  (() => {
    throw new Error(`BENCH_SECTOR: no sector ${SECTOR}`);
  })();

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.ceil(q * xs.length) - 1]!;
async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

/** The rows as COPY text, 20,000 a chunk: upload, organisation, then the sector's columns. */
function* copyChunks(uploadId: number, organisationId: number) {
  for (let start = 1; start <= ROWS; start += 20_000) {
    let out = '';
    for (let i = start; i < start + 20_000 && i <= ROWS; i++)
      out += copyLine(sector, uploadId, organisationId, i);
    yield out;
  }
}

/** A member of the sector, owner of an organisation with BENCH_ROWS rows in one upload, refreshed. */
async function seed(db: Database, pool: pg.Pool, app: App) {
  const { rows: user } = await db.query<{ id: number }>(
    "INSERT INTO users (username, email, full_name, updated_date) VALUES ('bench', 'bench@example.com', 'Bench Owner', now()) RETURNING id",
  );
  const userId = user[0]!.id;
  const organisationId = await createOrganisation(db, 'Bench Exports Ltd', userId, sectorIdOf(sector));
  const { rows: log } = await db.query<{ id: number }>(
    `INSERT INTO upload_logs (organisation_id, user_id, file_name, file_format, total_processed, total_accepted, success_rate)
     VALUES ($1, $2, 'bench.csv', 'csv', $3, $3, 100) RETURNING id`,
    [organisationId, userId, ROWS],
  );
  const uploadId = log[0]!.id;
  const columns = ['upload_id', 'organisation_id', ...sector.upload.columns.map((c) => `"${c.name}"`)];
  const [loadMs] = await time(async () => {
    const client = await pool.connect();
    try {
      await pipeline(
        Readable.from(copyChunks(uploadId, organisationId)),
        client.query(copyFrom(`COPY ${sector.table} (${columns.join(', ')}) FROM STDIN`)),
      );
    } finally {
      client.release();
    }
  });
  await db.transaction(async (tx) =>
    storeUploadSummary(tx, uploadId, await summariseUpload(tx, organisationId, sector, uploadId)),
  );
  await db.exec(`VACUUM ANALYZE ${sector.table}`);
  for (const r of sector.reports)
    await db.query(
      'INSERT INTO reports (organisation_id, tier, report_type, report_uuid, created_by) VALUES ($1, $2, $3, $4, $5)',
      [organisationId, 'Alpha+', r.name, r.uuid, userId],
    );
  const session = { authorization: `Bearer ${await app.auth.signSession(userId, { role: 'member' })}` };
  const started = await app.inject({
    method: 'POST',
    url: '/api/powerbi/api/refresh-powerbi',
    headers: session,
  });
  const [refreshMs] = await time(async () => {
    while (await (app.bi as BuiltinProvider).worker.tick());
  });
  const status = await app.inject({
    url: `/api/powerbi/api/refresh-status/${started.json().refreshId}`,
    headers: session,
  });
  if (status.json().status !== 'completed') throw new Error(`refresh: ${status.body}`);
  console.log(
    `${sector.industry}: ${ROWS.toLocaleString('en-IN')} rows loaded in ${(loadMs / 1000).toFixed(1)} s, refreshed in ${refreshMs.toFixed(0)} ms`,
  );
  const { rows: tabs } = await db.query<{ id: number; report_uuid: string }>(
    'SELECT id, report_uuid FROM reports WHERE organisation_id = $1',
    [organisationId],
  );
  return { organisationId, session, tabs };
}

async function measure(app: App, { organisationId, session, tabs }: Awaited<ReturnType<typeof seed>>) {
  const exportOf = async (id: number, format: string) => {
    const res = await app.inject({ url: `/api/reports/${id}/export?format=${format}`, headers: session });
    if (res.statusCode !== 200) throw new Error(`${format}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res.rawPayload;
  };
  const overview = tabs.find((t) => t.report_uuid === sectorOverview(sector).uuid)!;
  // The first export starts the worker thread (from the sources, through tsx): not a figure.
  const [firstMs] = await time(() => exportOf(overview.id, 'pdf'));
  const pdfMs: number[] = [];
  let pdfBytes = 0;
  for (let i = 0; i < REPEAT; i++) {
    const [ms, pdf] = await time(() => exportOf(overview.id, 'pdf'));
    pdfMs.push(ms);
    pdfBytes = pdf.length;
  }
  await exportOf(overview.id, 'xlsx'); // the worker loads the spreadsheet library: not a figure either
  const xlsx: { report: string; points: number; ms: number; bytes: number }[] = [];
  for (const r of sector.reports) {
    const tab = tabs.find((t) => t.report_uuid === r.uuid)!;
    const { view } = await readSectorReport(app.db, organisationId, sector, r);
    const [ms, file] = await time(() => exportOf(tab.id, 'xlsx'));
    xlsx.push({
      report: r.name,
      points: view.charts.reduce((n, c) => n + c.rows.length, 0),
      ms,
      bytes: file.length,
    });
  }
  return { firstMs, pdfMs, pdfBytes, xlsx };
}

const schema = `bench_exports_${process.pid}`;
const admin = new pg.Client({ connectionString: URL_BASE });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const url = new URL(URL_BASE);
url.searchParams.set('options', `-c search_path=${schema}`);
const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
const db = fromPool(pool);
try {
  await migrate(db);
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
  // The bench runs the refresh itself.
  await (app.bi as BuiltinProvider).worker.stop();
  const { firstMs, pdfMs, pdfBytes, xlsx } = await measure(app, await seed(db, pool, app));
  await app.close();
  const p95 = quantile(pdfMs, 0.95);
  console.log(
    `PDF of ${sectorOverview(sector).name}: first ${firstMs.toFixed(0)} ms (worker start), then p50 ${quantile(pdfMs, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms over ${REPEAT}; ${(pdfBytes / 1024).toFixed(0)} KiB`,
  );
  console.table(
    xlsx.map((x) => ({
      report: x.report,
      points: x.points,
      ms: Math.round(x.ms),
      KiB: Math.round(x.bytes / 1024),
    })),
  );
  const slowest = Math.max(...xlsx.map((x) => x.ms));
  console.log(
    `budget: PDF p95 ${p95 <= 1000 ? 'ok' : 'OVER'} (≤ 1 s), PDF size ${pdfBytes <= 5 * 1024 * 1024 ? 'ok' : 'OVER'} (≤ 5 MB), XLSX ${slowest <= 2000 ? 'ok' : 'OVER'} (≤ 2 s)`,
  );
} finally {
  await db.close();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
