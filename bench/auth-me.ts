/**
 * npm run bench:auth — GET /api/auth/me (token check + the session and its user, one batched read)
 * against a bare hello route of the same server, at 100 connections, in one run, on PostgreSQL and on
 * PGlite; and GET /api/reports, a member route whose handler reads no user, with 100 different users.
 * The server is the real bundle, built with the baseline routes (SERVER_BENCH_ROUTES=1, which the
 * product's build never has), started as a child process; autocannon runs in a process of its own so
 * the load generator does not share the server's event loop. Figures go to docs/performance/auth.md.
 *
 * Env: BENCH_PG (postgres://postgres@127.0.0.1:5432), BENCH_SECONDS (5), BENCH_ROUNDS (3), BENCH_CONNECTIONS (100),
 * BENCH_ONLY=postgres|pglite, BENCH_PORT (5291), BENCH_SERVER_DIR (an already built server bundle to measure instead of
 * building this tree's, e.g. an older commit's for a before/after figure; its routes must match).
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startBuiltServer, stopBuiltServer } from './built-server';

const ROOT = path.resolve(import.meta.dirname, '..');
const PG_BASE = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 5291);
const BUILD = path.join(ROOT, '.tmp', 'bench-auth');
const SERVER_DIR = process.env.BENCH_SERVER_DIR ?? path.join(BUILD, 'server');
/** The bar on PostgreSQL: /auth/me with one user per connection, against hello (docs/performance/auth.md). */
const USERS_BAR = 0.45;

interface Result {
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function build() {
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: path.join(ROOT, 'apps/server'),
    // The baseline routes (/api/bench/*) exist only in a build that asks for them, never in the product's.
    env: { ...process.env, SERVER_OUT_DIR: path.join(BUILD, 'server'), SERVER_BENCH_ROUTES: '1' },
    stdio: 'inherit',
  });
}

function start(env: Record<string, string>): Promise<ChildProcess> {
  return startBuiltServer({
    serverDir: SERVER_DIR,
    port: PORT,
    readyPath: '/api/bench/hello',
    timeoutMs: 60_000,
    env: {
      // An older bundle given as BENCH_SERVER_DIR adds the baseline routes only with it.
      BENCH_HELLO: '1',
      // Every benchmark user registers from this one address.
      REGISTER_LIMIT_PER_HOUR: '1000000',
      ...env,
    },
  });
}

function autocannon(url: string, seconds: number, headers: Record<string, string> = {}): Result {
  const args = [
    path.join(ROOT, 'node_modules/autocannon/autocannon.js'),
    '-c',
    String(CONNECTIONS),
    '-d',
    String(seconds),
    '-j',
  ];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return run(args);
}

/** Each connection signed in as a different user (tokens in a JSON file). */
function autocannonUsers(url: string, seconds: number, tokensFile: string): Result {
  return run([
    path.join(ROOT, 'bench/autocannon-users.mjs'),
    url,
    String(seconds),
    String(CONNECTIONS),
    tokensFile,
  ]);
}

function run(args: string[]): Result {
  const out = execFileSync(process.execPath, args, {
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
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
      body: JSON.stringify({
        username: 'bench_user',
        fullName: 'Bench User',
        email: 'bench@example.com',
        password: 'bench-password',
      }),
    });
    const registered = (await reg.json()).data;
    const token = registered.token as string;
    const auth = { authorization: `Bearer ${token}` };
    // One user per connection as well: lookups of different users cannot share a row.
    const tokens: string[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const res = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `bench_user_${i}`,
          fullName: `Bench User ${i}`,
          email: `bench${i}@example.com`,
          password: 'bench-password',
        }),
      });
      tokens.push((await res.json()).data.token);
    }
    mkdirSync(BUILD, { recursive: true });
    const tokensFile = path.join(BUILD, 'tokens.json');
    writeFileSync(tokensFile, JSON.stringify(tokens));
    // Warm up (JIT, connection pool, prepared statements). The machine is shared, so its load drifts:
    // the routes run interleaved in several rounds and each ratio is taken within one round.
    autocannon(`${base}/api/bench/hello`, 2);
    autocannon(`${base}/api/auth/me`, 2, auth);
    const rounds: Record<'hello' | 'me' | 'users' | 'reports' | 'jwt' | 'db', Result>[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      rounds.push({
        hello: autocannon(`${base}/api/bench/hello`, SECONDS),
        me: autocannon(`${base}/api/auth/me`, SECONDS, auth),
        users: autocannonUsers(`${base}/api/auth/me`, SECONDS, tokensFile),
        // A member route whose handler reads no user: what the session check costs such routes.
        reports: autocannonUsers(`${base}/api/reports`, SECONDS, tokensFile),
        // Where the time goes: the session check alone, and the user read alone.
        jwt: autocannon(`${base}/api/bench/jwt`, SECONDS, auth),
        db: autocannon(`${base}/api/bench/db?id=${registered.user.id}`, SECONDS),
      });
    }
    const ratios = rounds.map((r) => r.me.requestsPerSec / r.hello.requestsPerSec);
    const ratio = median(ratios);
    const usersRatio = median(rounds.map((r) => r.users.requestsPerSec / r.hello.requestsPerSec));
    const reportsRatio = median(rounds.map((r) => r.reports.requestsPerSec / r.hello.requestsPerSec));
    console.log(`\n${label} (${ROUNDS} rounds of ${SECONDS} s per route, ${CONNECTIONS} connections)`);
    for (const [i, r] of rounds.entries()) {
      const rel = (x: Result) => (x.requestsPerSec / r.hello.requestsPerSec).toFixed(2);
      console.log(
        `  round ${i + 1}: hello ${r.hello.requestsPerSec.toFixed(0)} req/s (p99 ${r.hello.p99} ms) | /auth/me ${r.me.requestsPerSec.toFixed(0)} req/s (p99 ${r.me.p99} ms) = ${rel(r.me)}× | ${CONNECTIONS} users ${rel(r.users)}× | /reports ${r.reports.requestsPerSec.toFixed(0)} req/s = ${rel(r.reports)}× | jwt only ${rel(r.jwt)}× | db only ${rel(r.db)}×  errors ${r.me.errors + r.me.non2xx + r.users.errors + r.users.non2xx + r.reports.errors + r.reports.non2xx}`,
      );
    }
    console.log(`  median ratio /auth/me : hello = ${ratio.toFixed(2)}×`);
    console.log(`  median ratio /auth/me with ${CONNECTIONS} users : hello = ${usersRatio.toFixed(2)}×`);
    console.log(`  median ratio /reports with ${CONNECTIONS} users : hello = ${reportsRatio.toFixed(2)}×`);
    return { label, rounds, ratios, ratio, usersRatio, reportsRatio };
  } finally {
    await stopBuiltServer(server);
  }
}

async function main() {
  if (process.env.BENCH_SERVER_DIR) console.log(`measuring the server built in ${SERVER_DIR}`);
  else {
    console.log(`building the server into ${BUILD} ...`);
    build();
  }
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
  const summary = results.map((r) => ({
    label: r.label,
    ratio: Number(r.ratio.toFixed(3)),
    ratios: r.ratios.map((x) => Number(x.toFixed(3))),
    usersRatio: Number(r.usersRatio.toFixed(3)),
    reportsRatio: Number(r.reportsRatio.toFixed(3)),
  }));
  console.log(
    `\n${JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, cpus: os.cpus().length, loadavg: os.loadavg(), summary })}`,
  );
  const pgResult = results.find((r) => r.label === 'PostgreSQL');
  if (pgResult && pgResult.usersRatio < USERS_BAR) {
    console.log(
      `\nPostgreSQL ratio with ${CONNECTIONS} users ${pgResult.usersRatio.toFixed(2)} is below the ${USERS_BAR} bar`,
    );
    process.exitCode = 1;
  }
}

await main();
