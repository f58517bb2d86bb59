// Restart on an existing data folder against the database's own floor, measured in the same run.
//   npm run bench:restart             builds into .tmp/bench-restart, then measures PGlite and PostgreSQL
//   BENCH_BUILD_DIR=.tmp/x BENCH_RUNS=5 BENCH_PORT=5203 npm run bench:restart
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432 (default; BENCH_DATABASE_URL=none: PGlite only)
//   BENCH_ROWS=1000000 (default): the rows of one member's upload the database holds (bench/restart-fill.mjs)
// Floor: a process that only opens the same PGlite folder (or only connects to PostgreSQL) and runs one
// query (bench/restart-floor.mjs). Restart: spawn of the built server to its first 200 on the health
// endpoint a load balancer checks (docs/DEPLOY.md). Floor and restart alternate; medians are reported.
// The server's own milestones (STARTUP_TIMING=1, apps/server/src/lib/startup-timing.ts) give the
// breakdown: module loading, database open, migration check, plugins, listening, first answer.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 5203);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const pgBase = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const health = `http://127.0.0.1:${port}/api/powerbi/health`;
const BAR_MS = 300;

let buildDir = process.env.BENCH_BUILD_DIR ? path.resolve(process.env.BENCH_BUILD_DIR) : '';
if (!buildDir) {
  buildDir = path.join(root, '.tmp/bench-restart');
  execFileSync(path.join(root, 'scripts/build-to.sh'), [buildDir], { stdio: 'inherit' });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Spawns the floor process; resolves with the milliseconds from spawn to its "ready". */
function floor(kind, target) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(root, 'bench/restart-floor.mjs'), kind, target], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let ms = 0;
    child.stdout.on('data', (d) => {
      if (!ms && String(d).includes('ready')) ms = performance.now() - started;
    });
    child.on('exit', (code) => (code === 0 && ms ? resolve(ms) : reject(new Error(`floor exit ${code}`))));
  });
}

/** Spawns the server; resolves once health answered 200, with the time and the server's milestones. */
async function start(dataDir, databaseUrl) {
  const marks = {};
  const started = performance.now();
  const server = spawn(process.execPath, [path.join(buildDir, 'server/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      STARTUP_TIMING: '1',
      WEB_DIST_DIR: path.join(buildDir, 'web'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let exited = false;
  const exit = new Promise((r) => server.once('close', r)).then(() => {
    exited = true;
  });
  let errText = '';
  server.stderr.on('data', (d) => {
    for (const line of String(d).split('\n')) {
      const m = /^\{"startup":"([\w-]+)","ms":(\d+)\}$/.exec(line.trim());
      if (m?.[1].startsWith('code-cache-')) marks.codeCache = m[1].slice('code-cache-'.length);
      else if (m) marks[m[1]] = Number(m[2]);
      else if (line.trim()) errText += `${line}\n`;
    }
  });
  let firstAnswer = 0;
  for (;;) {
    if (exited) throw new Error(`server exited before it was healthy:\n${errText}`);
    try {
      const res = await fetch(health);
      if (res.status === 200) break;
      firstAnswer ||= performance.now() - started;
    } catch {}
    if (performance.now() - started > 120_000) throw new Error('server did not become healthy');
    await sleep(5);
  }
  const ms = performance.now() - started;
  const stop = async () => {
    server.kill('SIGTERM');
    await exit;
  };
  return { ms, marks, firstAnswer, stop };
}

async function measure(name, kind, target, databaseUrl, dataDir) {
  // The floor process makes the new PGlite folder (initdb, which on a busy machine can outlast the
  // server's 10 s plugin timeout); the server's first start then applies every migration.
  await floor(kind, target);
  const first = await start(dataDir, databaseUrl);
  await first.stop();
  if (rows > 0)
    execFileSync(process.execPath, [path.join(root, 'bench/restart-fill.mjs'), kind, target, String(rows)]);
  const floors = [];
  const restarts = [];
  for (let i = 0; i < runs; i++) {
    floors.push(await floor(kind, target));
    const r = await start(dataDir, databaseUrl);
    await r.stop();
    restarts.push(r);
  }
  const floorMs = median(floors);
  const restartMs = median(restarts.map((r) => r.ms));
  const stages = [
    'entry-loaded',
    'code-loaded',
    'app-loaded',
    'database-open',
    'migrations-checked',
    'app-built',
    'listening',
  ];
  const breakdown = Object.fromEntries(
    stages.map((s) => [s, median(restarts.map((r) => r.marks[s] ?? Number.NaN))]),
  );
  return {
    name,
    firstStartMs: first.ms,
    floors,
    restarts: restarts.map((r) => r.ms),
    floorMs,
    restartMs,
    overMs: restartMs - floorMs,
    breakdown,
    codeCache: restarts.map((r) => r.marks.codeCache ?? '-').join(', '),
  };
}

const results = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'insightra-bench-restart-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
results.push(await measure('PGlite', 'pglite', path.join(dataDir, 'pglite'), undefined, dataDir));

if (pgBase !== 'none') {
  const dbName = `insightra_bench_restart_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${pgBase}/postgres` });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = `${pgBase}/${dbName}`;
    const pgData = mkdtempSync(path.join(os.tmpdir(), 'insightra-bench-restart-pg-'));
    try {
      results.push(await measure('PostgreSQL', 'postgres', url, url, pgData));
    } finally {
      rmSync(pgData, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    }
  } catch (err) {
    console.warn(`PostgreSQL skipped: ${err instanceof Error ? err.message : err}`);
  } finally {
    await admin.end().catch(() => {});
  }
}

const f = (ms) => `${Math.round(ms)} ms`;
console.log(
  `\nRestart to healthy (median of ${runs}; ${rows.toLocaleString('en')} rows; load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
console.log('| database | floor | restart | restart − floor | bar ≤ 300 ms | first start (migrations) |');
console.log('|---|---|---|---|---|---|');
for (const r of results) {
  const met = r.overMs <= BAR_MS ? 'met' : 'not met';
  console.log(
    `| ${r.name} | ${f(r.floorMs)} | ${f(r.restartMs)} | ${f(r.overMs)} | ${met} | ${f(r.firstStartMs)} |`,
  );
}
console.log('\nWhere the time went (server milestones, ms since its process started, medians)');
console.log(
  '| database | entry loaded | code loaded | app loaded | database open | migrations checked | app built | listening | first 200 |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const b = r.breakdown;
  console.log(
    `| ${r.name} | ${b['entry-loaded']} | ${b['code-loaded']} | ${b['app-loaded']} | ${b['database-open']} | ${b['migrations-checked']} | ${b['app-built']} | ${b.listening} | ${Math.round(r.restartMs)} |`,
  );
}
for (const r of results) {
  console.log(
    `${r.name}: floors ${r.floors.map(Math.round).join(', ')}; restarts ${r.restarts.map(Math.round).join(', ')}; code cache ${r.codeCache}`,
  );
}
