/**
 * npm run bench:auth — GET /api/auth/me (JWT check + one user read) against a bare hello route of the
 * same server, at 100 connections, in one run, on PostgreSQL and on PGlite. The server is the real
 * bundle started as a child process; autocannon runs in a process of its own so the load generator
 * does not share the server's event loop. Figures go to docs/performance/auth.md.
 *
 * Env: BENCH_PG (postgres://postgres@127.0.0.1:5432), BENCH_SECONDS (10), BENCH_CONNECTIONS (100),
 * BENCH_ONLY=postgres|pglite.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const PG_BASE = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const PORT = 5291;
const SECRET = 'bench-secret-that-is-long-enough-0123456789abcdef';
const BUILD = path.join(ROOT, '.tmp', 'bench-auth');

interface Result {
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function build() {
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: path.join(ROOT, 'apps/server'),
    env: { ...process.env, SERVER_OUT_DIR: path.join(BUILD, 'server') },
    stdio: 'inherit',
  });
}

async function start(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(BUILD, 'server', 'server.js')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'error',
      BENCH_HELLO: '1',
      ADMIN_USERNAME: '',
      ADMIN_PASSWORD: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/bench/hello`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function autocannon(url: string, seconds: number, headers: Record<string, string> = {}): Result {
  const args = [path.join(ROOT, 'node_modules/autocannon/autocannon.js'), '-c', String(CONNECTIONS), '-d', String(seconds), '-j'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  const out = execFileSync(process.execPath, args, { maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  const json = JSON.parse(out.toString());
  return {
    requestsPerSec: json.requests.average,
    p50: json.latency.p50,
    p99: json.latency.p99,
    errors: json.errors,
    non2xx: json.non2xx,
  };
}

async function measure(label: string, env: Record<string, string>) {
  const server = await start(env);
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const reg = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench_user', fullName: 'Bench User', email: 'bench@example.com', password: 'bench-password' }),
    });
    const token = (await reg.json()).data.token as string;
    const auth = { authorization: `Bearer ${token}` };
    // Warm up both routes (JIT, connection pool, prepared statements), then measure back to back.
    autocannon(`${base}/api/bench/hello`, 2);
    autocannon(`${base}/api/auth/me`, 2, auth);
    const hello = autocannon(`${base}/api/bench/hello`, SECONDS);
    const me = autocannon(`${base}/api/auth/me`, SECONDS, auth);
    const ratio = me.requestsPerSec / hello.requestsPerSec;
    console.log(`\n${label}`);
    console.log(`  hello        ${hello.requestsPerSec.toFixed(0).padStart(7)} req/s  p50 ${hello.p50} ms  p99 ${hello.p99} ms  errors ${hello.errors + hello.non2xx}`);
    console.log(`  /auth/me     ${me.requestsPerSec.toFixed(0).padStart(7)} req/s  p50 ${me.p50} ms  p99 ${me.p99} ms  errors ${me.errors + me.non2xx}`);
    console.log(`  ratio        ${ratio.toFixed(2)}× hello`);
    return { label, hello, me, ratio };
  } finally {
    await stop(server);
  }
}

async function main() {
  console.log(`building the server into ${BUILD} ...`);
  build();
  const only = process.env.BENCH_ONLY;
  const results = [];
  if (only !== 'pglite') {
    const dbName = `insightra_bench_auth_${process.pid}`;
    const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    try {
      results.push(await measure('PostgreSQL', { DATABASE_URL: `${PG_BASE}/${dbName}` }));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }
  if (only !== 'postgres') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'insightra-bench-auth-'));
    try {
      results.push(await measure('PGlite', { DATA_DIR: dataDir }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`\n${JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, cpus: os.cpus().length, results }, null, 2)}`);
  const pgResult = results.find((r) => r.label === 'PostgreSQL');
  if (pgResult && pgResult.ratio < 0.3) {
    console.log(`\nPostgreSQL ratio ${pgResult.ratio.toFixed(2)} is below the 0.30 bar`);
    process.exitCode = 1;
  }
}

await main();
