/**
 * npm run bench:upload-others — other users during a big upload: 20 members at once call
 * `GET /api/auth/me` and the dashboard's report data (`GET /api/embed/reports/:uuid` with their embed
 * token) while another member uploads a 1,000,000-row CSV over HTTP to the real (bundled) server; on
 * PostgreSQL and on PGlite. Reports the others' latency (p50, p99, max) and errors while the upload
 * runs; targets p99 ≤ 250 ms on PGlite and ≤ 100 ms on PostgreSQL, no errors
 * (docs/performance/uploads.md).
 *
 * Env: BENCH_ROWS (1000000), BENCH_MEMBERS (20), BENCH_PG (postgres://postgres@127.0.0.1:5432),
 * BENCH_ONLY=postgres|pglite.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createReport, createUser, tokenFor } from '../apps/server/test/helpers/factories';
import {
  buildServer,
  psql,
  ROOT,
  SECRET,
  type Server,
  startServer,
  stopServer,
  uploadFile,
  writeCsv,
} from './ingest-lib';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20);
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB = 'insightra_bench_others';
/** The built-in "grades" report, one of the dashboard's report tabs. */
const GRADES_UUID = '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c01';
const work = path.join(ROOT, '.tmp', 'bench-upload-others');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

/** An uploader and MEMBERS other members, with session tokens, in the database the server will use. */
async function users(env: Record<string, string>) {
  const app = await buildApp({
    config: loadConfig({ ...env, JWT_SECRET: SECRET, LOG_LEVEL: 'silent' }),
    logger: false,
  });
  const uploader = await tokenFor(app, await createUser(app.db));
  const others: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const user = await createUser(app.db);
    await createReport(app.db, user.id, { tier: 'Beta', report_type: 'Grades', report_uuid: GRADES_UUID });
    others.push(await tokenFor(app, user));
  }
  await app.close();
  return { uploader, others };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : Number.NaN;
};

const TRACE = Boolean(process.env.BENCH_TRACE);
const t0 = performance.now();

async function timed(url: string, token: string, samples: number[]) {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  samples.push(ms);
  if (TRACE && ms > 250)
    console.log(`slow ${ms.toFixed(0)} ms at ${((started - t0) / 1000).toFixed(2)} s: ${url}`);
  return res.ok;
}

async function measure(label: string, env: Record<string, string>, csvFile: string) {
  const { uploader, others } = await users(env);
  const server: Server = await startServer({ ...env, UPLOAD_MAX_MB: '200', UPLOAD_DAILY_MB: '100000' });
  const base = `http://127.0.0.1:${server.port}`;
  const embeds: string[] = [];
  for (const token of others) {
    const res = await fetch(`${base}/api/powerbi/get-powerbi-token?tier=Beta`, {
      headers: { authorization: `Bearer ${token}` },
    });
    embeds.push(((await res.json()) as { accessToken: string }).accessToken);
  }
  const me: number[] = [];
  const data: number[] = [];
  let errors = 0;
  let uploading = true;
  const member = async (i: number) => {
    while (uploading) {
      if (!(await timed(`${base}/api/auth/me`, others[i]!, me).catch(() => false))) errors++;
      if (!(await timed(`${base}/api/embed/reports/${GRADES_UUID}`, embeds[i]!, data).catch(() => false)))
        errors++;
    }
  };
  // Warm-up: each member's calls once before the upload starts (not measured).
  await Promise.all(
    others.map((token, i) =>
      Promise.all([
        timed(`${base}/api/auth/me`, token, []),
        timed(`${base}/api/embed/reports/${GRADES_UUID}`, embeds[i]!, []),
      ]),
    ),
  );
  const load = others.map((_, i) => member(i));
  const run = await uploadFile(server, uploader, csvFile).finally(() => {
    uploading = false;
  });
  await Promise.all(load);
  await stopServer(server);
  const all = [...me, ...data];
  const result = {
    database: label,
    uploadSeconds: Number(run.seconds.toFixed(2)),
    inserted: run.result.totalRecordsInserted,
    requests: all.length,
    errors,
    meP99: Number(quantile(me, 0.99).toFixed(1)),
    dataP99: Number(quantile(data, 0.99).toFixed(1)),
    p50: Number(quantile(all, 0.5).toFixed(1)),
    p99: Number(quantile(all, 0.99).toFixed(1)),
    max: Number(quantile(all, 1).toFixed(1)),
    target: label === 'PGlite' ? '≤ 250 ms' : '≤ 100 ms',
  };
  console.log(JSON.stringify(result));
  return result;
}

buildServer();
const csvFile = path.join(work, `students-${ROWS}.csv`);
await writeCsv(csvFile, ROWS);
const results = [];
if (process.env.BENCH_ONLY !== 'pglite') {
  psql('test', `DROP DATABASE IF EXISTS ${DB}`);
  psql('test', `CREATE DATABASE ${DB}`);
  results.push(
    await measure(
      'PostgreSQL',
      { DATABASE_URL: `${PG}/${DB}`, DATA_DIR: path.join(work, 'pg-data') },
      csvFile,
    ),
  );
  psql('test', `DROP DATABASE IF EXISTS ${DB}`);
}
if (process.env.BENCH_ONLY !== 'postgres')
  results.push(await measure('PGlite', { DATA_DIR: path.join(work, 'pglite-data') }, csvFile));
console.table(results);
writeFileSync(path.join(work, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
