/**
 * npm run bench:subscriptions — scheduled mails at scale (docs/performance/exports.md).
 *
 * Two instances of the built server on one PostgreSQL database and a local SMTP server (this process,
 * real SMTP, no TLS). Seeded: BENCH_ORGANISATIONS (20) organisations, each of a sector in turn with
 * BENCH_ROWS (20,000) generated rows in one upload, refreshed, BENCH_MEMBERS (10) members and
 * BENCH_TABS (5) report tabs; every tab gets one subscription per member (1,000 subscriptions over 100
 * reports by default), created through the API by the owner, alternating instances. Then every
 * subscription is made due in the same minute, and the benchmark waits until the mail server has one
 * mail per subscription: the time from due to the last mail, the number of distinct Message-IDs (one
 * per mail, none twice), the deliveries' states in the database, and each instance's resident memory
 * above what it held before (sampled every 100 ms). Bars: all within 5 minutes, one Message-ID each,
 * +≤ 256 MB per instance; exits non-zero when one is missed.
 *
 * Env: BENCH_PG (postgres://postgres@127.0.0.1:5432; a database of its own, dropped after), BENCH_PORT
 * (5393, and the next port), BENCH_ORGANISATIONS, BENCH_ROWS, BENCH_MEMBERS, BENCH_TABS, BENCH_SERVER_DIR
 * (an already built server bundle to measure instead of building this tree's).
 */
import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SECTOR_DECLARATIONS, type SectorDeclaration } from '@insightra/contract';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { SMTPServer } from 'smtp-server';
import { type Database, fromPool } from '../apps/server/src/db/client';
import {
  storeUploadSummary,
  summariseUpload,
} from '../apps/server/src/features/bi/builtin/upload-summary-repository';
import {
  addMember,
  createOrganisation,
} from '../apps/server/src/features/organisations/organisation-repository';
import { hashPassword } from '../apps/server/src/lib/password';
import { startBuiltServer, stopBuiltServer } from './built-server';
import { cpuSeconds, rssMb } from './ingest-lib';
import { copyLine, sectorIdOf } from './sector-rows';

const ROOT = path.resolve(import.meta.dirname, '..');
const PG_BASE = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const PORT = Number(process.env.BENCH_PORT ?? 5393);
const ORGANISATIONS = Number(process.env.BENCH_ORGANISATIONS ?? 20);
const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10);
const TABS = Number(process.env.BENCH_TABS ?? 5);
const SERVER_DIR = process.env.BENCH_SERVER_DIR ?? path.join(ROOT, '.tmp', 'bench-subscriptions', 'server');
const PASSWORD = 'bench-password';
const BARS = { deliveredMs: 5 * 60_000, memoryMb: 256 };
const SUBSCRIPTIONS = ORGANISATIONS * TABS * MEMBERS;

/** The mails the local server accepted: Message-ID, recipient and when. */
interface Received {
  messageId: string;
  to: string;
  at: number;
}

async function startMailServer() {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Many connections at once are expected: two instances send in parallel.
    maxClients: 1000,
    // A mail relay on the same network answers at once; a reverse lookup of 127.0.0.1 would be the
    // benchmark's own cost.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (!head.includes('\r\n\r\n')) head += c.toString('latin1');
      });
      stream.on('end', () => {
        const headers = head.slice(0, head.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
        const messageId = /^message-id:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? '';
        for (const r of session.envelope.rcptTo) received.push({ messageId, to: r.address, at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

async function api<T>(base: string, route: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Rows as COPY text, 20,000 a chunk. */
function* copyChunks(sector: SectorDeclaration, uploadId: number, organisationId: number) {
  for (let start = 1; start <= ROWS; start += 20_000) {
    let out = '';
    for (let i = start; i < start + 20_000 && i <= ROWS; i++)
      out += copyLine(sector, uploadId, organisationId, i);
    yield out;
  }
}

interface SeededOrganisation {
  id: number;
  owner: string;
  members: number[];
  tabs: number[];
}

/** One organisation: its owner and members, its rows in one upload with its summary, its report tabs. */
async function seedOrganisation(
  db: Database,
  pool: pg.Pool,
  n: number,
  hash: string,
): Promise<SeededOrganisation> {
  const sector = SECTOR_DECLARATIONS[n % SECTOR_DECLARATIONS.length]!;
  const members: number[] = [];
  for (let m = 0; m < MEMBERS; m++) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO users (username, email, full_name, password_hash, updated_date)
       VALUES ($1, $2, $3, $4, now()) RETURNING id`,
      [`subbench_${n}_${m}`, `subbench_${n}_${m}@example.com`, `Member ${m} of ${n}`, hash],
    );
    members.push(rows[0]!.id);
  }
  const id = await createOrganisation(db, `Bench ${sector.industry} ${n}`, members[0]!, sectorIdOf(sector));
  for (const m of members.slice(1)) await addMember(db, id, m, 'viewer');
  const { rows: log } = await db.query<{ id: number }>(
    `INSERT INTO upload_logs (organisation_id, user_id, file_name, file_format, total_processed, total_accepted, success_rate)
     VALUES ($1, $2, 'bench.csv', 'csv', $3, $3, 100) RETURNING id`,
    [id, members[0], ROWS],
  );
  const uploadId = log[0]!.id;
  const columns = ['upload_id', 'organisation_id', ...sector.upload.columns.map((c) => `"${c.name}"`)];
  const client = await pool.connect();
  try {
    await pipeline(
      Readable.from(copyChunks(sector, uploadId, id)),
      client.query(copyFrom(`COPY ${sector.table} (${columns.join(', ')}) FROM STDIN`)),
    );
  } finally {
    client.release();
  }
  await db.transaction(async (tx) =>
    storeUploadSummary(tx, uploadId, await summariseUpload(tx, id, sector, uploadId)),
  );
  const tabs: number[] = [];
  for (let t = 0; t < TABS; t++) {
    const report = sector.reports[t % sector.reports.length]!;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO reports (organisation_id, tier, report_type, report_uuid, created_by)
       VALUES ($1, 'Alpha+', $2, $3, $4) RETURNING id`,
      [id, `${report.name} ${t + 1}`, report.uuid, members[0]],
    );
    tabs.push(rows[0]!.id);
  }
  return { id, owner: `subbench_${n}_0`, members, tabs };
}

/** The organisation's data refreshed through the API, as its owner would. */
async function refresh(base: string, token: string) {
  const { refreshId } = await api<{ refreshId: string }>(base, '/api/powerbi/api/refresh-powerbi', token, {});
  for (;;) {
    const { status } = await api<{ status: string }>(
      base,
      `/api/powerbi/api/refresh-status/${refreshId}`,
      token,
    );
    if (status === 'completed') return;
    if (status === 'failed') throw new Error('refresh failed');
    await new Promise((r) => setTimeout(r, 100));
  }
}

if (!process.env.BENCH_SERVER_DIR)
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: path.join(ROOT, 'apps/server'),
    env: { ...process.env, SERVER_OUT_DIR: SERVER_DIR },
    stdio: 'inherit',
  });

const database = `bench_subscriptions_${process.pid}`;
const admin = new pg.Client({ connectionString: `${PG_BASE}/test` });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = `${PG_BASE}/${database}`;
const mail = await startMailServer();
const env = { DATABASE_URL: databaseUrl, SMTP_URL: mail.url, PUBLIC_URL: 'https://portal.example.com' };
const bases = [`http://127.0.0.1:${PORT}`, `http://127.0.0.1:${PORT + 1}`];
// The first migrates the database; the second starts on it.
const instance = (port: number) =>
  startBuiltServer({ serverDir: SERVER_DIR, port, readyPath: '/api/powerbi/health', timeoutMs: 60_000, env });
const servers = [await instance(PORT)];
servers.push(await instance(PORT + 1));
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const db = fromPool(pool);
let missed = false;
try {
  const seeding = performance.now();
  const hash = await hashPassword(PASSWORD);
  const organisations: SeededOrganisation[] = [];
  for (let n = 0; n < ORGANISATIONS; n++) organisations.push(await seedOrganisation(db, pool, n, hash));
  await db.exec('ANALYZE');
  let created = 0;
  for (const [n, o] of organisations.entries()) {
    const base = bases[n % 2]!;
    const { data } = await api<{ data: { token: string } }>(base, '/api/auth/login', null, {
      username: o.owner,
      password: PASSWORD,
    });
    await refresh(base, data.token);
    for (const reportId of o.tabs)
      for (const member of o.members) {
        await api(bases[created++ % 2]!, '/api/subscriptions', data.token, {
          reportId,
          cadence: 'daily',
          time: '09:00',
          recipients: [member],
        });
      }
  }
  console.log(
    `seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s: ${ORGANISATIONS} organisations of ${ROWS.toLocaleString('en-IN')} rows and ${MEMBERS} members, ${ORGANISATIONS * TABS} report tabs, ${created} subscriptions`,
  );

  const pids = servers.map((s) => s.pid!);
  const before = pids.map(rssMb);
  const cpuBefore = pids.map(cpuSeconds);
  const peak = [...before];
  const sampler = setInterval(() => {
    pids.forEach((pid, i) => {
      peak[i] = Math.max(peak[i]!, rssMb(pid));
    });
  }, 100);
  const due = Date.now();
  await db.query("UPDATE subscriptions SET next_run_at = date_trunc('minute', now())");
  while (mail.received.length < SUBSCRIPTIONS && Date.now() - due < 2 * BARS.deliveredMs)
    await new Promise((r) => setTimeout(r, 200));
  const lastAt = Math.max(...mail.received.map((m) => m.at));
  const firstAt = Math.min(...mail.received.map((m) => m.at));
  const cpu = pids.map((pid, i) => cpuSeconds(pid) - cpuBefore[i]!);
  // A little longer: a mail sent twice would arrive now.
  await new Promise((r) => setTimeout(r, 3000));
  clearInterval(sampler);

  const ids = new Set(mail.received.map((m) => m.messageId));
  const perRecipientAndId = new Set(mail.received.map((m) => `${m.to} ${m.messageId}`));
  const { rows: states } = await db.query<{ status: string; n: string }>(
    'SELECT status, count(*) AS n FROM subscription_deliveries GROUP BY status ORDER BY status',
  );
  const deliveredMs = lastAt - due;
  const grew = peak.map((p, i) => p - before[i]!);
  console.log(
    `${mail.received.length} mails for ${SUBSCRIPTIONS} subscriptions, the last ${(deliveredMs / 1000).toFixed(1)} s after they were due, the first after ${((firstAt - due) / 1000).toFixed(1)} s (${((mail.received.length * 1000) / deliveredMs).toFixed(1)} mails/s); ${ids.size} distinct Message-IDs, ${perRecipientAndId.size} recipient/ID pairs; CPU ${cpu.map((c, i) => `instance ${i + 1} ${c.toFixed(1)} s`).join(', ')}`,
  );
  console.log(`deliveries: ${states.map((s) => `${s.status} ${s.n}`).join(', ')}`);
  console.log(
    `resident memory: ${grew.map((g, i) => `instance ${i + 1} ${before[i]!.toFixed(0)} → ${peak[i]!.toFixed(0)} MB (+${g.toFixed(0)})`).join(', ')}`,
  );
  const ok = {
    delivered: mail.received.length === SUBSCRIPTIONS && deliveredMs <= BARS.deliveredMs,
    oneIdEach: ids.size === SUBSCRIPTIONS && mail.received.length === SUBSCRIPTIONS,
    memory: grew.every((g) => g <= BARS.memoryMb),
  };
  console.log(
    `bars: all within 5 min ${ok.delivered ? 'ok' : 'MISSED'}, one Message-ID each ${ok.oneIdEach ? 'ok' : 'MISSED'}, memory +≤ ${BARS.memoryMb} MB ${ok.memory ? 'ok' : 'MISSED'}`,
  );
  missed = !ok.delivered || !ok.oneIdEach || !ok.memory;
} finally {
  for (const s of servers) await stopBuiltServer(s);
  await db.close();
  await mail.close();
  await admin.query(`DROP DATABASE ${database}`);
  await admin.end();
}
process.exitCode = missed ? 1 : 0;
