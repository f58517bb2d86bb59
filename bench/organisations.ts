/**
 * npm run bench:organisations — organisations at scale (docs/performance/organisations.md). Seeds, set-based,
 * 10,000 users in 2,000 organisations (every organisation with an owner; users 1–200 in 20 organisations
 * each, the rest in one), then measures on PostgreSQL and on PGlite:
 *
 * 1. GET /api/auth/me at 100 connections, one user in 20 organisations per connection, against the hello
 *    route of the same server, interleaved in rounds (the ratio is taken per round, the median reported);
 *    beside it the same with users in one organisation, and the session check alone (/api/bench/jwt);
 *    and, to say where the time goes, each route's CPU time per request in the server process and in the
 *    database's backends (read from /proc: steadier than requests per second on a shared machine).
 * 2. GET /api/admin/organisations?search= — sequential requests per search term, p50 and p95.
 * 3. POST /api/organisations/:id/switch — sequential switches between a user's organisations, one
 *    keep-alive connection, one request at a time: p50 and p95 of request to answer (the loopback round
 *    trip included; the sequential hello beside it shows how little that adds).
 *
 * The server is the real bundle with the baseline routes (SERVER_BENCH_ROUTES=1, as bench/auth-me.ts),
 * started as a child process; autocannon runs in a process of its own. The server migrates its database
 * at a first start; the data is seeded while it is stopped and the measured server starts on it.
 * Results: .tmp/bench-organisations/results.json. Exits non-zero when a PostgreSQL bar is missed.
 *
 * Env: BENCH_PG (postgres://postgres@127.0.0.1:5432), BENCH_SECONDS (5), BENCH_ROUNDS (5), BENCH_CONNECTIONS
 * (100), BENCH_REQUESTS (100 per search term), BENCH_SWITCHES (400), BENCH_ONLY=postgres|pglite, BENCH_PORT
 * (5293), BENCH_SERVER_DIR (an already built server bundle to measure instead of building this tree's).
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/lib/password';
import { startBuiltServer, stopBuiltServer } from './built-server';
import {
  BASE_IDS,
  MANY,
  ORGANISATIONS,
  organisationsOf,
  PER_USER,
  range,
  type Seeder,
  seedStatements,
  USERS,
} from './organisations-seed';

const ROOT = path.resolve(import.meta.dirname, '..');
const PG_BASE = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const SWITCHES = Number(process.env.BENCH_SWITCHES ?? 400);
const PORT = Number(process.env.BENCH_PORT ?? 5293);
const PASSWORD = 'bench-password';
const OUT = path.join(ROOT, '.tmp', 'bench-organisations');
const SERVER_DIR = process.env.BENCH_SERVER_DIR ?? path.join(OUT, 'server');

/** Users in one organisation, signed in for the comparison. */
const ONE_FIRST = USERS - CONNECTIONS + 1;

const BARS = { meRatio: 0.5, searchP50Ms: 20, switchP95Ms: 50 };

const SEARCHES: Record<string, string> = {
  'no search': '',
  'one match': '1234',
  'about 25 match': 'acme school',
  'about 200 match': 'acme',
  'no match': 'nobody',
};

interface Load {
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time per request (µs) of the server process and of the database's backends (PostgreSQL). */
  serverUs: number | null;
  dbUs: number | null;
}

/**
 * CPU time (ms) of each process so far, from /proc (Linux): unlike requests per second it hardly moves
 * with what else the machine runs, so it says where the time goes. Processes that are gone are left out.
 */
function cpuMs(pids: number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      times.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
    } catch {
      // not Linux, or the process has ended
    }
  }
  return times;
}
const CLOCK_TICKS = 100;
const spent = (before: Map<number, number>, after: Map<number, number>) => {
  let ms = 0;
  for (const [pid, t] of after) if (before.has(pid)) ms += t - before.get(pid)!;
  return ms;
};

/** The processes whose CPU time a load is charged with. */
interface Watch {
  server: number;
  db: number[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;
const round2 = (x: number) => Math.round(x * 100) / 100;

function build() {
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: path.join(ROOT, 'apps/server'),
    env: { ...process.env, SERVER_OUT_DIR: SERVER_DIR, SERVER_BENCH_ROUTES: '1' },
    stdio: 'inherit',
  });
}

function start(env: Record<string, string>): Promise<ChildProcess> {
  return startBuiltServer({
    serverDir: SERVER_DIR,
    port: PORT,
    readyPath: '/api/bench/hello',
    timeoutMs: 120_000,
    env: { BENCH_HELLO: '1', ...env },
  });
}

/** autocannon in its own process, each connection signed in as a different user (bench/autocannon-users.mjs). */
function autocannon(url: string, seconds: number, tokensFile?: string, watch?: Watch): Load {
  const args = tokensFile
    ? [path.join(ROOT, 'bench/autocannon-users.mjs'), url, String(seconds), String(CONNECTIONS), tokensFile]
    : [
        path.join(ROOT, 'node_modules/autocannon/autocannon.js'),
        '-c',
        String(CONNECTIONS),
        '-d',
        String(seconds),
        '-j',
        url,
      ];
  const server = cpuMs(watch ? [watch.server] : []);
  const db = cpuMs(watch?.db ?? []);
  const out = execFileSync(process.execPath, args, {
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const serverMs = spent(server, cpuMs(watch ? [watch.server] : []));
  const dbMs = spent(db, cpuMs(watch?.db ?? []));
  const json = JSON.parse(out.toString());
  const perRequest = (ms: number, watched: number) =>
    watched && json.requests.total ? Math.round((ms * 1000) / json.requests.total) : null;
  return {
    requestsPerSec: json.requests.average,
    p50: json.latency.p50,
    p99: json.latency.p99,
    errors: json.errors + json.non2xx,
    serverUs: perRequest(serverMs, server.size),
    dbUs: perRequest(dbMs, db.size),
  };
}

/** One keep-alive connection, one request at a time: the time from sending to the whole answer read. */
function timed(
  agent: http.Agent,
  method: string,
  url: string,
  token?: string,
): Promise<{ ms: number; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      url,
      { method, agent, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            ms: performance.now() - started,
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function login(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function loginAll(base: string, ids: number[]): Promise<string[]> {
  const tokens: string[] = [];
  // A few at a time: each is a password check, and the server bounds how many run at once.
  for (let i = 0; i < ids.length; i += 4) {
    tokens.push(...(await Promise.all(ids.slice(i, i + 4).map((id) => login(base, `orgbench_${id}`)))));
  }
  return tokens;
}

async function measure(
  label: string,
  env: Record<string, string>,
  seed: Seeder,
  /** The database's server processes serving this benchmark (PostgreSQL; PGlite runs in the server's). */
  dbPids: () => Promise<number[]> = async () => [],
) {
  // A first start migrates the database; it is seeded while no server runs.
  await stopBuiltServer(await start(env));
  const seeding = performance.now();
  const hash = await hashPassword(PASSWORD);
  const { o } = await seed((u, o) => seedStatements(hash, u, o));
  console.log(`\n${label}: seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  const server = await start(env);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    mkdirSync(OUT, { recursive: true });
    const manyFile = path.join(OUT, 'tokens-many.json');
    const oneFile = path.join(OUT, 'tokens-one.json');
    const manyTokens = await loginAll(base, range(1, CONNECTIONS));
    writeFileSync(manyFile, JSON.stringify(manyTokens));
    writeFileSync(oneFile, JSON.stringify(await loginAll(base, range(ONE_FIRST, CONNECTIONS))));
    const first = await fetch(`${base}/api/auth/me`, {
      headers: { authorization: `Bearer ${manyTokens[0]}` },
    });
    const firstUser = ((await first.json()) as { data: { user: { organisations: unknown[] } } }).data.user;
    if (firstUser.organisations.length !== PER_USER)
      throw new Error('the seeded user is not in every organisation');
    const adminToken = await login(base, 'orgbench_admin');

    // 1. /auth/me under load, interleaved with hello; warm-up first (JIT, pool, prepared statements).
    autocannon(`${base}/api/bench/hello`, 2);
    autocannon(`${base}/api/auth/me`, 2, manyFile);
    autocannon(`${base}/api/auth/me`, 2, oneFile);
    const rounds: Record<'hello' | 'meMany' | 'meOne' | 'checkMany' | 'checkOne', Load>[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const watch = { server: server.pid!, db: await dbPids() };
      rounds.push({
        hello: autocannon(`${base}/api/bench/hello`, SECONDS, undefined, watch),
        meMany: autocannon(`${base}/api/auth/me`, SECONDS, manyFile, watch),
        meOne: autocannon(`${base}/api/auth/me`, SECONDS, oneFile, watch),
        // The session check alone (token and the session read with its user): no user object, no answer.
        checkMany: autocannon(`${base}/api/bench/jwt`, SECONDS, manyFile, watch),
        checkOne: autocannon(`${base}/api/bench/jwt`, SECONDS, oneFile, watch),
      });
    }
    const cpu = Object.fromEntries(
      (['hello', 'meMany', 'meOne', 'checkMany', 'checkOne'] as const).map((k) => {
        const of = (f: 'serverUs' | 'dbUs') => {
          const xs = rounds.map((r) => r[k][f]).filter((x): x is number => x !== null);
          return xs.length ? median(xs) : null;
        };
        return [k, { serverUs: of('serverUs'), dbUs: of('dbUs') }];
      }),
    );
    const ratio = (k: keyof (typeof rounds)[number]) =>
      rounds.map((r) => r[k].requestsPerSec / r.hello.requestsPerSec);
    const me = {
      helloRps: rounds.map((r) => Math.round(r.hello.requestsPerSec)),
      meManyRatios: ratio('meMany').map(round2),
      meManyRatio: round2(median(ratio('meMany'))),
      meOneRatio: round2(median(ratio('meOne'))),
      checkManyRatio: round2(median(ratio('checkMany'))),
      checkOneRatio: round2(median(ratio('checkOne'))),
      meManyP99: median(rounds.map((r) => r.meMany.p99)),
      cpuPerRequest: cpu,
      errors: rounds.reduce(
        (n, r) => n + r.meMany.errors + r.meOne.errors + r.checkMany.errors + r.checkOne.errors,
        0,
      ),
    };
    for (const [i, r] of rounds.entries()) {
      const rel = (x: Load) =>
        `${(x.requestsPerSec / r.hello.requestsPerSec).toFixed(2)}× [${x.serverUs ?? '?'}+${x.dbUs ?? '-'} µs]`;
      console.log(
        `  round ${i + 1}: hello ${r.hello.requestsPerSec.toFixed(0)} req/s [${r.hello.serverUs ?? '?'} µs] | /auth/me, ${PER_USER} orgs ${rel(r.meMany)} (p99 ${r.meMany.p99} ms) | 1 org ${rel(r.meOne)} | session check, ${PER_USER} orgs ${rel(r.checkMany)} | 1 org ${rel(r.checkOne)}`,
      );
    }
    console.log(
      `  median /auth/me (${PER_USER} organisations) : hello = ${me.meManyRatio}×  (bar ≥ ${BARS.meRatio}×)`,
    );

    // 2. The admin organisation search, sequential.
    const sequentialHello: number[] = [];
    for (let i = 0; i < REQUESTS + 10; i++) {
      const { ms } = await timed(agent, 'GET', `${base}/api/bench/hello`);
      if (i >= 10) sequentialHello.push(ms);
    }
    const search: Record<string, { term: string; total: number; p50: number; p95: number }> = {};
    for (const [name, term] of Object.entries(SEARCHES)) {
      const url = `${base}/api/admin/organisations${term ? `?search=${encodeURIComponent(term)}` : ''}`;
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < REQUESTS + 10; i++) {
        const res = await timed(agent, 'GET', url, adminToken);
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body}`);
        if (i === 0) total = JSON.parse(res.body).data.total;
        if (i >= 10) times.push(res.ms); // the first ten warm up
      }
      search[name] = { term, total, p50: round2(quantile(times, 0.5)), p95: round2(quantile(times, 0.95)) };
      console.log(
        `  search ${name.padEnd(16)} (${JSON.stringify(term)}, ${total} match) p50 ${search[name].p50} ms  p95 ${search[name].p95} ms`,
      );
    }

    // 3. Switches: users who were not in the load above, each moving through their organisations in turn.
    const switchers = range(CONNECTIONS + 1, Math.min(20, MANY - CONNECTIONS));
    const tokens = await loginAll(base, switchers);
    const switchTimes: number[] = [];
    for (let i = 0; i < SWITCHES + 20; i++) {
      const who = i % switchers.length;
      const orgs = organisationsOf(switchers[who]!);
      const target = o + orgs[(Math.floor(i / switchers.length) + 1) % orgs.length]!;
      const res = await timed(agent, 'POST', `${base}/api/organisations/${target}/switch`, tokens[who]);
      if (res.status !== 200) throw new Error(`switch: ${res.status} ${res.body}`);
      tokens[who] = JSON.parse(res.body).data.token;
      if (i >= 20) switchTimes.push(res.ms);
    }
    const switching = {
      p50: round2(quantile(switchTimes, 0.5)),
      p95: round2(quantile(switchTimes, 0.95)),
      helloP50: round2(quantile(sequentialHello, 0.5)),
      helloP95: round2(quantile(sequentialHello, 0.95)),
    };
    console.log(
      `  switch p50 ${switching.p50} ms  p95 ${switching.p95} ms  (bar p95 ≤ ${BARS.switchP95Ms} ms; sequential hello p50 ${switching.helloP50} ms, p95 ${switching.helloP95} ms)`,
    );
    const searchP50 = Math.max(...Object.values(search).map((s) => s.p50));
    return {
      label,
      me,
      search,
      switching,
      bars: {
        me: me.meManyRatio >= BARS.meRatio,
        search: searchP50 <= BARS.searchP50Ms,
        switch: switching.p95 <= BARS.switchP95Ms,
      },
    };
  } finally {
    agent.destroy();
    await stopBuiltServer(server);
  }
}

async function seedWith(
  query: (sql: string) => Promise<Record<string, unknown>[]>,
  statements: (u: number, o: number) => string[],
) {
  const [base] = await query(BASE_IDS);
  const ids = { u: Number(base!.u), o: Number(base!.o) };
  for (const sql of statements(ids.u, ids.o)) await query(sql);
  return ids;
}

async function main() {
  if (process.env.BENCH_SERVER_DIR) console.log(`measuring the server built in ${SERVER_DIR}`);
  else {
    console.log(`building the server into ${SERVER_DIR} ...`);
    build();
  }
  const only = process.env.BENCH_ONLY;
  const results = [];
  if (only !== 'pglite') {
    const dbName = `bench_orgs_${process.pid}`;
    const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    try {
      results.push(
        await measure(
          'PostgreSQL',
          { DATABASE_URL: `${PG_BASE}/${dbName}` },
          async (statements) => {
            const client = new pg.Client({ connectionString: `${PG_BASE}/${dbName}` });
            await client.connect();
            try {
              return await seedWith(async (sql) => (await client.query(sql)).rows, statements);
            } finally {
              await client.end();
            }
          },
          async () =>
            (
              await admin.query<{ pid: number }>(
                `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'`,
                [dbName],
              )
            ).rows.map((r) => r.pid),
        ),
      );
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }
  if (only !== 'postgres') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'insightra-bench-orgs-'));
    try {
      results.push(
        await measure('PGlite', { DATA_DIR: dataDir }, async (statements) => {
          const db = await PGlite.create(path.join(dataDir, 'pglite'));
          try {
            return await seedWith(
              async (sql) => (await db.query<Record<string, unknown>>(sql)).rows,
              statements,
            );
          } finally {
            await db.close();
          }
        }),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const summary = {
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    loadavg: os.loadavg().map(round2),
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds: ROUNDS,
    seed: { users: USERS, organisations: ORGANISATIONS, usersInMany: MANY, organisationsPerUser: PER_USER },
    bars: BARS,
    results,
  };
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, 'results.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`\nresults: ${path.join(OUT, 'results.json')}`);
  const missed = results
    .filter((r) => r.label === 'PostgreSQL')
    .flatMap((r) =>
      Object.entries(r.bars)
        .filter(([, met]) => !met)
        .map(([bar]) => bar),
    );
  if (missed.length) {
    console.log(`PostgreSQL misses the bar for: ${missed.join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
