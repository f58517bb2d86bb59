import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type Database, fromPglite } from '../../src/db/client';
import { pgliteDirectory } from '../../src/db/pglite-location';
import { pieceBytes } from '../../src/features/uploads/row-sink-repository';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../helpers/database';
import { createUser, tokenFor } from '../helpers/factories';
import { openUpload, studentRows, until } from '../helpers/http-upload';
import { HEADER } from '../helpers/multipart';
import {
  type ServerProcess,
  serverStarter,
  stopServer as stop,
  waitForOutput,
} from '../helpers/server-process';

const SECRET = 'phase-test-secret-that-is-long-enough-0123456789';

const startServer = serverStarter({ LOG_LEVEL: 'info', JWT_SECRET: SECRET });

/**
 * 30,000 rows and a rejected one (an unknown gender), so that both files are written: more COPY text
 * than one piece holds on either database (512 KB on PGlite, 1 MB on PostgreSQL), so that a pause
 * after the first piece leaves the rest of the upload to come.
 */
const body = (prefix: string) =>
  `${HEADER}\n${studentRows(0, 30_000, prefix)}X1,Bad row,Other,Grade 1,Yes,1,\n`;

/** A Hotels member's CSV (`nights` property nights, one rejected), for the kill in each phase. */
function hotelNights(prefix: string, nights: number): string {
  const lines = ['date,property,rooms_available,rooms_sold,room_revenue'];
  const day0 = Date.UTC(2024, 0, 1);
  for (let i = 0; i < nights; i++) {
    const date = new Date(day0 + (i % 300) * 86_400_000).toISOString().slice(0, 10);
    lines.push(
      `${date},${prefix} Hotel ${Math.floor(i / 300)},120,${60 + (i % 50)},${(60 + (i % 50)) * 5000}`,
    );
  }
  lines.push('2024-01-01,Bad Hotel,many,1,1');
  return `${lines.join('\n')}\n`;
}

interface Member {
  id: number;
  token: string;
  /** The table its sector's rows go to (Education: dataset_rows). */
  table: string;
}

/**
 * One database and data folder for the file's tests (a migrated PGlite folder, or a PostgreSQL schema),
 * each test with a member of its own: what a test counts is its member's.
 */
let testDb: TestDatabase | null = null;
let dataDir: string;
let env: Record<string, string>;
const members: Record<'hotels' | 'killed' | 'term' | 'leases' | 'stuck', Member> = {} as never;

beforeAll(async () => {
  if (testDatabaseKind === 'postgres') testDb = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'insightra-phase-'));
  env = { DATA_DIR: dataDir, ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}) };
  // On PGlite the run's migrated snapshot is unpacked into the folder the servers then open.
  const pglite = testDb
    ? null
    : await PGlite.create(pgliteDirectory(dataDir), {
        loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
      });
  const db = testDb?.db ?? fromPglite(pglite!);
  const config = loadConfig({ ...env, JWT_SECRET: SECRET, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, logger: false, database: db });
  const member = async (sector: string, table: string): Promise<Member> => {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM sectors WHERE name = $1', [sector]);
    const user = await createUser(db, { sectorId: rows[0]!.id });
    return { id: user.id, token: await tokenFor(app, user), table };
  };
  members.hotels = await member('Hotels', 'hotels_rows');
  members.killed = await member('Education', 'dataset_rows');
  members.term = await member('Education', 'dataset_rows');
  members.leases = await member('Education', 'dataset_rows');
  members.stuck = await member('Education', 'dataset_rows');
  await app.close();
  await pglite?.close();
});

afterAll(async () => {
  await testDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * What an upload of `m` left in every table an upload writes. On PGlite it is read with the servers
 * stopped (the folder is one process's); on PostgreSQL beside them, on the test's own connection (no app,
 * so nothing sweeps in a server's place).
 */
async function counts(m: Member) {
  const pglite = testDb ? null : await PGlite.create(pgliteDirectory(dataDir));
  const query = async (sql: string) =>
    Number(
      (testDb
        ? (await testDb.db.query<{ n: number }>(sql, [m.id])).rows
        : (await pglite!.query<{ n: number }>(sql, [m.id])).rows)[0]!.n,
    );
  try {
    return {
      logs: await query('SELECT count(*)::int AS n FROM upload_logs WHERE user_id = $1'),
      pending: await query('SELECT count(*)::int AS n FROM pending_uploads WHERE user_id = $1'),
      rows: await query(
        `SELECT count(*)::int AS n FROM ${m.table} WHERE organisation_id = (SELECT default_organisation_id FROM users WHERE id = $1)`,
      ),
      files: await query('SELECT count(*)::int AS n FROM stored_files WHERE owner_id = $1'),
      chunks: await query(
        'SELECT count(*)::int AS n FROM stored_file_chunks c JOIN stored_files f ON f.id = c.file_id WHERE f.owner_id = $1',
      ),
    };
  } finally {
    await pglite?.close();
  }
}

const NOTHING = { logs: 0, pending: 0, rows: 0, files: 0, chunks: 0 };

/** Resolves once `server` has swept one dead process's unfinished upload, soon after its start. */
async function sweptOne(server: ServerProcess) {
  await waitForOutput(server, 'unfinished uploads removed');
  expect(server.output()).toMatch(/"uploads":1,[^\n]*"msg":"unfinished uploads removed"/);
}

describe('an upload killed in each phase', () => {
  // Run for a sector other than Education: its rows go to a table of their own (hotels_rows).
  it('leaves nothing partial visible, and nothing at all after a restart', { timeout: 180_000 }, async () => {
    const m = members.hotels;
    const phases = ['pieces', 'files', 'publish'] as const;
    const paused = (phase: string | undefined) =>
      startServer({ ...env, ...(phase ? { NODE_ENV: 'test', UPLOAD_TEST_PAUSE: phase } : {}) });
    let server = await paused(phases[0]);
    for (const [i, phase] of phases.entries()) {
      const upload = openUpload(server.port, m.token, `${phase}.csv`);
      // Not awaited: a pause among the pieces stops the reading of the body too. Among the pieces, the
      // upload is more than one piece (as `body`); in the later phases its rows are all written already.
      void upload.write(hotelNights(phase, phase === 'pieces' ? 30_000 : 1000));
      upload.end();
      const marker = path.join(dataDir, 'tmp', `paused-${phase}`);
      await until(async () => existsSync(marker), 60_000);
      // Paused in the phase: the member's activity shows nothing of it. (Paused inside the final
      // transaction, PGlite's one connection answers nothing else until the kill.)
      if (phase !== 'publish' || testDatabaseKind === 'postgres') {
        const activity = await fetch(`${server.url}/api/server/activity`, {
          headers: { authorization: `Bearer ${m.token}` },
          signal: AbortSignal.timeout(10_000),
        });
        expect(((await activity.json()) as { data: unknown[] }).data).toEqual([]);
      }
      await stop(server.child, 'SIGKILL');
      rmSync(marker);
      if (testDatabaseKind === 'postgres') {
        // Beside the dead server: the pending upload is there, but no log shows it.
        expect(await counts(m)).toMatchObject({ logs: 0, pending: 1 });
      }
      // The restart sweeps the dead process's unfinished upload, soon after it starts; it is also the
      // server paused in the next phase (its upload sent once the sweep is done).
      server = await paused(phases[i + 1]);
      await sweptOne(server);
      // On PGlite the folder is the running server's: what each sweep left is counted once, at the end
      // (whatever a sweep had left, no later one would remove: nothing of it would be pending).
      if (testDatabaseKind === 'postgres') expect(await counts(m), phase).toEqual(NOTHING);
    }
    await stop(server.child, 'SIGTERM');
    expect(await counts(m)).toEqual(NOTHING);
  });
});

describe('a server killed mid-upload, with no pause', () => {
  it('leaves no log, no rows and no files behind', { timeout: 180_000 }, async () => {
    const m = members.killed;
    const server = await startServer(env);
    const upload = openUpload(server.port, m.token, 'big.csv');
    // As it is received, an upload is written to its scratch copy (gzip) before it is handed to the
    // parser, which is handed at most 4 MB more than it has parsed; the parser holds back at most three
    // pieces of COPY text (two not yet written, one it fills). So once `enough` has reached the scratch
    // copy, at least two pieces have been written to the database (the PostgreSQL run sees their rows).
    const MB = 1024 * 1024;
    const enough = 4 * MB + 5 * pieceBytes({ kind: testDatabaseKind } as Database) + MB / 2;
    // Never ended: the kill comes in the middle of the upload, whenever it comes.
    const text = `${HEADER}\n${studentRows(0, 200_000, 'K')}`.slice(0, enough + 1.5 * MB);
    const gzEnough = gzipSync(text.slice(0, enough), { level: 1 }).length;
    const scratch = path.join(dataDir, 'tmp', 'uploads');
    // The server's scratch folder is named by its process id.
    const mine = path.join(scratch, String(server.child.pid));
    const original = () => {
      const [uploadDir] = existsSync(mine) ? readdirSync(mine) : [];
      const file = uploadDir && path.join(mine, uploadDir, 'original.csv.gz');
      return file && existsSync(file) ? statSync(file).size : 0;
    };
    const writing = (async () => {
      for (let at = 0; at < text.length; at += MB) await upload.write(text.slice(at, at + MB));
    })();
    writing.catch(() => {});
    await until(async () => original() > gzEnough, 60_000);
    if (testDatabaseKind === 'postgres') {
      // Beside the live server: rows of the pending upload are in the database, unpublished.
      const seen = await counts(m);
      expect(seen).toMatchObject({ logs: 0, pending: 1 });
      expect(seen.rows).toBeGreaterThan(0);
    }
    await stop(server.child, 'SIGKILL');
    upload.destroy();

    // Restart: the database recovers to its last commit; the dead process's scratch files are cleared.
    const again = await startServer(env);
    await sweptOne(again);
    await stop(again.child, 'SIGTERM');
    expect(await counts(m)).toEqual(NOTHING);
    expect(existsSync(scratch) ? readdirSync(scratch) : []).toEqual([]);
  });
});

describe('SIGTERM during an upload', () => {
  it('lets the upload finish and publish, then exits 0', { timeout: 120_000 }, async () => {
    const m = members.term;
    const server = await startServer({ ...env, NODE_ENV: 'test', UPLOAD_TEST_PAUSE: 'pieces:2000' });
    const upload = openUpload(server.port, m.token, 'term.csv');
    void upload.write(body('T'));
    upload.end();
    const marker = path.join(dataDir, 'tmp', 'paused-pieces');
    await until(async () => existsSync(marker), 60_000);
    server.child.kill('SIGTERM');
    const answer = await upload.response;
    expect(answer.status, answer.body).toBe(200);
    expect(await server.exited).toBe(0);
    // The signal came while the upload was under way: the server was shutting down before it answered.
    const said = server.output();
    expect(said).toContain('"msg":"shutting down"');
    expect(said.indexOf('"msg":"shutting down"')).toBeLessThan(said.lastIndexOf('"msg":"request completed"'));
    rmSync(marker);
    expect(await counts(m)).toMatchObject({ logs: 1, pending: 0, rows: 30_000, files: 2 });
  });
});

describe.runIf(testDatabaseKind === 'postgres')('two instances and their leases', () => {
  it("never sweep each other's live upload, and sweep a dead one's", { timeout: 180_000 }, async () => {
    const [live, dead] = [members.leases, members.stuck];
    const lease = { UPLOAD_LEASE_S: '1' };
    const [bDir, a2Dir] = [1, 2].map(() => mkdtempSync(path.join(os.tmpdir(), 'insightra-b-')));
    // Each sweeps soon after its start and every second (lease 1 s). A' stops its upload among its pieces
    // for good, and is killed; A pauses its upload there for 3 s (three sweeps of each other instance)
    // while A' is stopped too. Each has a scratch folder (and pause marker) of its own: the database is
    // the one they share.
    const [a, b, a2] = await Promise.all([
      startServer({ ...env, ...lease, NODE_ENV: 'test', UPLOAD_TEST_PAUSE: 'pieces:3000' }),
      startServer({ ...env, ...lease, DATA_DIR: bDir! }),
      startServer({ ...env, ...lease, DATA_DIR: a2Dir!, NODE_ENV: 'test', UPLOAD_TEST_PAUSE: 'pieces' }),
    ]);
    const stuck = openUpload(a2.port, dead.token, 'stuck.csv');
    void stuck.write(body('K'));
    stuck.end();
    await until(async () => existsSync(path.join(a2Dir!, 'tmp', 'paused-pieces')), 60_000);
    const upload = openUpload(a.port, live.token, 'live.csv');
    void upload.write(body('L'));
    upload.end();
    await until(async () => existsSync(path.join(dataDir, 'tmp', 'paused-pieces')), 60_000);
    const answer = await upload.response;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ totalRecordsInserted: 30_000, totalRecordsFailed: 1 });
    expect(await counts(live)).toMatchObject({ logs: 1, pending: 0, rows: 30_000, files: 2 });
    await stop(a.child, 'SIGTERM');
    rmSync(path.join(dataDir, 'tmp', 'paused-pieces'));

    // A' has been stopped for longer than A's pause, alive and renewing: the sweeps left it alone.
    expect(await counts(dead)).toMatchObject({ logs: 0, pending: 1 });
    // Killed, B sweeps its upload, and nothing of the live one.
    await stop(a2.child, 'SIGKILL');
    await until(async () => (await counts(dead)).pending === 0, 30_000, 200);
    expect(await counts(dead)).toEqual(NOTHING);
    expect(await counts(live)).toMatchObject({ logs: 1, pending: 0, rows: 30_000, files: 2 });
    await stop(b.child, 'SIGTERM');
    for (const dir of [bDir!, a2Dir!]) rmSync(dir, { recursive: true, force: true });
  });
});
