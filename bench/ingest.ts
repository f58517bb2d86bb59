/**
 * npm run bench:ingest — uploads a generated 1,000,000-row CSV over HTTP to the real server, side by
 * side with the database's own COPY of the same file into a table with the same columns and keys;
 * on PostgreSQL (psql \copy) and on PGlite (COPY FROM '/dev/blob'). Also a 100,000-row XLSX (against
 * parsing alone) and a 10,000-row XLS. Figures go to docs/performance/uploads.md.
 *
 * Env: BENCH_ROWS (1000000), BENCH_MEMBERS (10, in the uploader's organisation), BENCH_RUNS (1; runs per database, each on a fresh database with the
 * database's own load just before the upload it is compared with, and the median ratio logged: on a
 * busy machine each pair shares its moment's load), BENCH_PG (postgres://postgres@127.0.0.1:5432),
 * BENCH_ONLY=postgres|pglite (BENCH_SKIP_PGLITE=1 is BENCH_ONLY=postgres), BENCH_SECTOR (a sector's
 * slug or name, Education by default): the member's sector and the CSV's columns; for another sector
 * than Education the rows are made from its declaration (bench/sector-rows.ts) and the XLSX and XLS
 * runs are left out (they run once, with the first PostgreSQL run, for Education). The reference table
 * is a copy of the sector's table, generated columns and keys included.
 */
import { mkdirSync, openAsBlob, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { PGlite } from '@electric-sql/pglite';
import { EDUCATION, SECTOR_DECLARATIONS } from '@insightra/contract';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { fromPglite, fromPool } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { addMember } from '../apps/server/src/features/organisations/organisation-repository';
import { createUser, tokenFor } from '../apps/server/test/helpers/factories';
import {
  buildServer,
  HEADER,
  psql,
  ROOT,
  rowCells,
  SECRET,
  startServer,
  stopServer,
  uploadFile,
  writeCsv,
} from './ingest-lib';
import { sectorIdOf, writeSectorCsv } from './sector-rows';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
/** Members of the uploader's organisation. */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10);
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
// BENCH_DB_NAME: another database name, when another ingest benchmark runs on the same server.
const DB = process.env.BENCH_DB_NAME ?? 'insightra_bench_ingest';
const SECTOR = process.env.BENCH_SECTOR ?? 'Education';
const sector = SECTOR_DECLARATIONS.find((d) => d.slug === SECTOR || d.industry === SECTOR);
if (!sector) throw new Error(`BENCH_SECTOR: no sector ${SECTOR}`);
const education = sector === EDUCATION;
const columns = education ? HEADER : sector.upload.columns.map((c) => c.name).join(',');
const work = path.join(ROOT, '.tmp', 'bench-ingest');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

const results: Record<string, unknown> = {
  rows: ROWS,
  sector: sector.industry,
  date: new Date().toISOString(),
};
const log = (label: string, value: unknown) => {
  results[label] = value;
  console.log(`${label.padEnd(34)} ${typeof value === 'number' ? value.toFixed(2) : JSON.stringify(value)}`);
};

/** A user and a session token in the database the server will use (the app's own code path). */
async function userToken(env: Record<string, string>) {
  const app = await buildApp({
    config: loadConfig({ ...env, JWT_SECRET: SECRET, LOG_LEVEL: 'silent' }),
    logger: false,
  });
  const user = await createUser(app.db, { sectorId: sectorIdOf(sector!) });
  // The uploader's organisation has BENCH_MEMBERS members (the uploader included).
  for (let i = 1; i < MEMBERS; i++) {
    const member = await createUser(app.db, { organisation: false });
    await addMember(app.db, user.organisationId!, member.id, 'viewer');
  }
  const token = await tokenFor(app, user);
  await app.close();
  return token;
}

/**
 * The reference table: the sector's own table as the migrations make it (its columns, generated ones
 * included, checks, primary key and row-key index), empty, under another name.
 */
const copyTable = `CREATE TABLE bench_copy (LIKE ${sector.table} INCLUDING ALL);
ALTER TABLE bench_copy ALTER upload_id SET DEFAULT 1, ALTER organisation_id SET DEFAULT 1;`;

buildServer();
const csvFile = path.join(work, `${sector.slug}-${ROWS}.csv`);
let t = performance.now();
await (education ? writeCsv(csvFile, ROWS) : writeSectorCsv(sector, csvFile, ROWS));
log('csv generated (s)', (performance.now() - t) / 1000);
log('csv size (MiB)', statSync(csvFile).size / 1024 / 1024);

/** Each run's ratio, by database: their median is the figure (BENCH_RUNS). */
const ratios: Record<string, number[]> = { postgres: [], pglite: [] };
/** A run's label: the first run's is the figure's own, later runs' carry their number. */
const ofRun = (label: string, run: number) => (run === 1 ? label : `${label} #${run}`);

if (process.env.BENCH_ONLY !== 'pglite') {
  for (let run = 1; run <= RUNS; run++) await postgresRun(run);
}

/** One PostgreSQL run on a fresh database: `\copy`, then the same file over HTTP. */
async function postgresRun(run: number) {
  const label = (text: string) => ofRun(text, run);
  psql('test', `DROP DATABASE IF EXISTS ${DB}`);
  psql('test', `CREATE DATABASE ${DB}`);
  const pgEnv = { DATABASE_URL: `${PG}/${DB}`, DATA_DIR: path.join(work, 'pg-data') };
  rmSync(pgEnv.DATA_DIR, { recursive: true, force: true });
  // Migrated here first: on a busy machine a fresh database's migrations outlast the app's plugin timeout.
  const pool = new pg.Pool({ connectionString: pgEnv.DATABASE_URL });
  await migrate(fromPool(pool));
  await pool.end();
  const pgToken = await userToken(pgEnv);
  psql(DB, copyTable);
  const copySeconds = psql(
    DB,
    `\\copy bench_copy (${columns}) FROM '${csvFile}' WITH (FORMAT csv, HEADER true)`,
  );
  log(label('postgres \\copy (s)'), copySeconds);

  const pgServer = await startServer(pgEnv);
  await uploadFile(pgServer, pgToken, await smallCsv());
  await new Promise((r) => setTimeout(r, 1000));
  const pgRun = await uploadFile(pgServer, pgToken, csvFile);
  log(label('postgres upload over HTTP (s)'), pgRun.seconds);
  ratios.postgres!.push(pgRun.seconds / copySeconds);
  log(label('postgres upload / \\copy'), pgRun.seconds / copySeconds);
  log(label('postgres server idle RSS (MB)'), pgRun.idleMb);
  log(label('postgres server peak RSS (MB)'), pgRun.peakMb);
  log(label('postgres RSS above idle (MB)'), pgRun.peakMb - pgRun.idleMb);
  log(label('postgres server CPU (s)'), pgRun.cpu);
  log(label('postgres inserted'), pgRun.result.totalRecordsInserted);

  // ---- XLSX and XLS (on the PostgreSQL server, Education's template) ------------------------------
  if (education && run === 1) await spreadsheets(pgServer, pgToken);
  await stopServer(pgServer);
}

async function spreadsheets(pgServer: Awaited<ReturnType<typeof startServer>>, pgToken: string) {
  const xlsxFile = path.join(work, 'students-100000.xlsx');
  await writeXlsx(xlsxFile, 100_000);
  log('xlsx size (MiB)', statSync(xlsxFile).size / 1024 / 1024);
  t = performance.now();
  log('xlsx parse only, rows', await parseXlsx(xlsxFile));
  log('xlsx parse only (s)', (performance.now() - t) / 1000);
  const xlsxRun = await uploadFile(pgServer, pgToken, xlsxFile);
  log('xlsx upload over HTTP (s)', xlsxRun.seconds);
  log('xlsx upload / parse only', xlsxRun.seconds / (results['xlsx parse only (s)'] as number));
  log('xlsx peak RSS above idle (MB)', xlsxRun.peakMb - xlsxRun.idleMb);
  log('xlsx inserted', xlsxRun.result.totalRecordsInserted);

  const xlsFile = path.join(work, 'students-10000.xls');
  writeXls(xlsFile, 10_000);
  const xlsRun = await uploadFile(pgServer, pgToken, xlsFile);
  log('xls upload over HTTP (s)', xlsRun.seconds);
  log('xls inserted', xlsRun.result.totalRecordsInserted);
}

// ---- PGlite ----------------------------------------------------------------------------------
if (!process.env.BENCH_SKIP_PGLITE && process.env.BENCH_ONLY !== 'postgres') {
  for (let run = 1; run <= RUNS; run++) await pgliteRun(run);
}

/** One PGlite run in fresh data directories: its COPY, then the same file over HTTP. */
async function pgliteRun(run: number) {
  const label = (text: string) => ofRun(text, run);
  const refDir = path.join(work, 'pglite-ref');
  rmSync(refDir, { recursive: true, force: true });
  const ref = await PGlite.create(refDir);
  // The product's tables first, as on PostgreSQL: the reference is made from the sector's.
  await migrate(fromPglite(ref));
  await ref.exec(copyTable);
  t = performance.now();
  await ref.query(`COPY bench_copy (${columns}) FROM '/dev/blob' WITH (FORMAT csv, HEADER true)`, [], {
    blob: await openAsBlob(csvFile),
  });
  const copySeconds = (performance.now() - t) / 1000;
  log(label('pglite COPY (s)'), copySeconds);
  await ref.close();

  const liteEnv = { DATA_DIR: path.join(work, 'pglite-data') };
  rmSync(liteEnv.DATA_DIR, { recursive: true, force: true });
  const liteToken = await userToken(liteEnv);
  const lite = await startServer(liteEnv);
  await uploadFile(lite, liteToken, await smallCsv());
  const liteRun = await uploadFile(lite, liteToken, csvFile);
  log(label('pglite upload over HTTP (s)'), liteRun.seconds);
  ratios.pglite!.push(liteRun.seconds / copySeconds);
  log(label('pglite upload / COPY'), liteRun.seconds / copySeconds);
  log(label('pglite server peak RSS above idle (MB)'), liteRun.peakMb - liteRun.idleMb);
  log(label('pglite server CPU (s)'), liteRun.cpu);
  log(label('pglite inserted'), liteRun.result.totalRecordsInserted);
  await stopServer(lite);
}

if (RUNS > 1) {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const [db, xs] of Object.entries(ratios))
    if (xs.length) log(`${db} ratio, median of ${RUNS}`, median(xs));
}

if (process.env.BENCH_ONLY !== 'pglite') psql('test', `DROP DATABASE IF EXISTS ${DB}`);
writeFileSync(path.join(work, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nresults: ${path.relative(ROOT, path.join(work, 'results.json'))}`);

async function smallCsv() {
  const file = path.join(work, 'warmup.csv');
  await (education ? writeCsv(file, 100) : writeSectorCsv(sector!, file, 100, ROWS + 1));
  return file;
}

async function writeXlsx(file: string, rows: number) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: true,
    useStyles: true,
  });
  const sheet = book.addWorksheet('Data');
  sheet.columns = HEADER.split(',').map((h) => ({
    header: h,
    key: h,
    ...(h === 'enrolled_on' ? { style: { numFmt: 'yyyy-mm-dd' } } : {}),
  }));
  for (let i = 1; i <= rows; i++) sheet.addRow(rowCells(i)).commit();
  await book.commit();
}

async function parseXlsx(file: string): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let n = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) if (row.values) n++;
    break;
  }
  return n - 1;
}

function writeXls(file: string, rows: number) {
  const data: unknown[][] = [HEADER.split(',')];
  for (let i = 1; i <= rows; i++) data.push(rowCells(i));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data, { cellDates: true }), 'Data');
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xls' }) as Buffer);
}
