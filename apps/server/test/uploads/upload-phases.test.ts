import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createTestDatabase, migratedDataDir, testDatabaseKind } from '../helpers/database';
import { createUser, tokenFor } from '../helpers/factories';
import { openUpload, studentRows, until } from '../helpers/http-upload';
import { HEADER } from '../helpers/multipart';
import { serverStarter, stopServer as stop, waitForOutput } from '../helpers/server-process';

const SECRET = 'phase-test-secret-that-is-long-enough-0123456789';

const startServer = serverStarter({ LOG_LEVEL: 'warn', JWT_SECRET: SECRET });

/** A CSV with rejected rows too (an unknown gender), so that both files are written. */
const body = (prefix: string) =>
  `${HEADER}\n${studentRows(0, 30_000, prefix)}X1,Bad row,Other,Grade 1,Yes,1,\n`;

/** A Hotels member's CSV (30,000 property nights, one rejected), for the kill in each phase. */
function hotelNights(prefix: string): string {
  const lines = ['date,property,rooms_available,rooms_sold,room_revenue'];
  const day0 = Date.UTC(2024, 0, 1);
  for (let i = 0; i < 30_000; i++) {
    const date = new Date(day0 + (i % 300) * 86_400_000).toISOString().slice(0, 10);
    lines.push(
      `${date},${prefix} Hotel ${Math.floor(i / 300)},120,${60 + (i % 50)},${(60 + (i % 50)) * 5000}`,
    );
  }
  lines.push('2024-01-01,Bad Hotel,many,1,1');
  return `${lines.join('\n')}\n`;
}

/** The member's sector and the table its rows go to (Education: dataset_rows). */
async function setUp(sector: { name: string; table: string } = { name: 'Education', table: 'dataset_rows' }) {
  const testDb = testDatabaseKind === 'postgres' ? await createTestDatabase() : null;
  const dataDir = testDb ? mkdtempSync(path.join(os.tmpdir(), 'insightra-phase-')) : await migratedDataDir();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}),
  };
  const config = loadConfig({ ...env, JWT_SECRET: SECRET, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, logger: false, database: testDb?.db });
  const { rows: found } = await app.db.query<{ id: number }>('SELECT id FROM sectors WHERE name = $1', [
    sector.name,
  ]);
  const user = await createUser(app.db, { sectorId: found[0]!.id });
  const token = await tokenFor(app, user);
  await app.close();
  /** Counts of every table an upload writes, read with the server stopped (PGlite) or beside it. */
  const counts = async () => {
    const reader = await buildApp({ config, logger: false, database: testDb?.db });
    await reader.ready();
    // Members' rows only: a sector's table also holds its demo dataset (user 0, upload 0).
    const n = async (table: string, where = 'true') =>
      (await reader.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`))
        .rows[0]!.n;
    const result = {
      logs: await n('upload_logs'),
      pending: await n('pending_uploads'),
      rows: await n(sector.table, 'user_id <> 0'),
      files: await n('stored_files'),
      chunks: await n('stored_file_chunks'),
    };
    // Closed on PostgreSQL too (the test's database stays open): left running, the reader would sweep
    // the dead process's upload itself, in the restarted server's place.
    await reader.close();
    return result;
  };
  const cleanUp = async () => {
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { dataDir, env, token, counts, cleanUp };
}

describe('an upload killed in each phase', () => {
  // Run for a sector other than Education: its rows go to a table of their own (hotels_rows).
  it('leaves nothing partial visible, and nothing at all after a restart', { timeout: 180_000 }, async () => {
    const s = await setUp({ name: 'Hotels', table: 'hotels_rows' });
    for (const phase of ['pieces', 'files', 'publish'] as const) {
      const server = await startServer({ ...s.env, NODE_ENV: 'test', UPLOAD_TEST_PAUSE: phase });
      const upload = openUpload(server.port, s.token, `${phase}.csv`);
      // Not awaited: a pause among the pieces stops the reading of the body too.
      void upload.write(hotelNights(phase));
      upload.end();
      const marker = path.join(s.dataDir, 'tmp', `paused-${phase}`);
      await until(async () => existsSync(marker), 60_000);
      // Paused in the phase: the member's activity shows nothing of it. (Paused inside the final
      // transaction, PGlite's one connection answers nothing else until the kill.)
      if (phase !== 'publish' || testDatabaseKind === 'postgres') {
        const activity = await fetch(`${server.url}/api/server/activity`, {
          headers: { authorization: `Bearer ${s.token}` },
          signal: AbortSignal.timeout(10_000),
        });
        expect(((await activity.json()) as { data: unknown[] }).data).toEqual([]);
      }
      await stop(server.child, 'SIGKILL');
      rmSync(marker);
      if (testDatabaseKind === 'postgres') {
        // Beside the dead server: the pending upload is there, but no log shows it.
        const seen = await s.counts();
        expect(seen.logs).toBe(0);
        expect(seen.pending).toBe(1);
      }
      // The restart sweeps the dead process's unfinished upload, soon after it starts.
      const again = await startServer({ ...s.env, LOG_LEVEL: 'info' });
      await waitForOutput(again, 'unfinished uploads removed');
      await stop(again.child, 'SIGTERM');
      expect(await s.counts(), phase).toEqual({ logs: 0, pending: 0, rows: 0, files: 0, chunks: 0 });
    }
    await s.cleanUp();
  });
});

describe('a server killed mid-upload, with no pause', () => {
  it('leaves no log, no rows and no files behind', { timeout: 180_000 }, async () => {
    const s = await setUp();
    const server = await startServer(s.env);
    const upload = openUpload(server.port, s.token, 'big.csv');
    await upload.write(`${HEADER}\n`);
    // ~25 MB: several COPY pieces of the pending upload reach the database before the kill.
    for (let block = 0; block < 50; block++) await upload.write(studentRows(block * 10_000, 10_000, 'K'));
    await new Promise((r) => setTimeout(r, 1500));
    // The upload is under way: its scratch copy (gzip, about 4x smaller) holds more than 12 MB of CSV, so
    // several COPY pieces have passed the parser into the database.
    const scratch = path.join(s.dataDir, 'tmp', 'uploads');
    const [pidDir] = readdirSync(scratch);
    const [uploadDir] = readdirSync(path.join(scratch, pidDir!));
    expect(statSync(path.join(scratch, pidDir!, uploadDir!, 'original.csv.gz')).size).toBeGreaterThan(
      3 * 1024 * 1024,
    );
    await stop(server.child, 'SIGKILL');
    upload.destroy();

    // Restart: the database recovers to its last commit; the dead process's scratch files are cleared.
    const again = await startServer({ ...s.env, LOG_LEVEL: 'info' });
    await waitForOutput(again, 'unfinished uploads removed');
    await stop(again.child, 'SIGTERM');
    expect(await s.counts()).toEqual({ logs: 0, pending: 0, rows: 0, files: 0, chunks: 0 });
    expect(existsSync(scratch) ? readdirSync(scratch) : []).toEqual([]);
    await s.cleanUp();
  });
});

describe('SIGTERM during an upload', () => {
  it('lets the upload finish and publish, then exits 0', { timeout: 120_000 }, async () => {
    const s = await setUp();
    const server = await startServer({ ...s.env, NODE_ENV: 'test', UPLOAD_TEST_PAUSE: 'pieces:2000' });
    const upload = openUpload(server.port, s.token, 'term.csv');
    void upload.write(body('T'));
    upload.end();
    await until(async () => existsSync(path.join(s.dataDir, 'tmp', 'paused-pieces')), 60_000);
    server.child.kill('SIGTERM');
    const answer = await upload.response;
    expect(answer.status, answer.body).toBe(200);
    expect(await server.exited).toBe(0);
    expect(await s.counts()).toMatchObject({ logs: 1, pending: 0, rows: 30_000, files: 2 });
    await s.cleanUp();
  });
});

describe.runIf(testDatabaseKind === 'postgres')('two instances and their leases', () => {
  it("never sweep each other's live upload, and sweep a dead one's", { timeout: 300_000 }, async () => {
    const s = await setUp();
    const lease = { UPLOAD_LEASE_S: '1' };
    // A pauses its upload for 8 s among its pieces; B (started meanwhile) sweeps at start and every second.
    const a = await startServer({ ...s.env, ...lease, NODE_ENV: 'test', UPLOAD_TEST_PAUSE: 'pieces:8000' });
    const upload = openUpload(a.port, s.token, 'live.csv');
    void upload.write(body('L'));
    upload.end();
    await until(async () => existsSync(path.join(s.dataDir, 'tmp', 'paused-pieces')), 60_000);
    const b = await startServer({
      ...s.env,
      ...lease,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'insightra-b-')),
    });
    const answer = await upload.response;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ totalRecordsInserted: 30_000, totalRecordsFailed: 1 });
    expect(await s.counts()).toMatchObject({ logs: 1, pending: 0, rows: 30_000, files: 2 });

    // A second instance A' stops in its pieces for good and is killed: B sweeps its upload.
    await stop(a.child, 'SIGTERM');
    rmSync(path.join(s.dataDir, 'tmp', 'paused-pieces'));
    const a2 = await startServer({ ...s.env, ...lease, NODE_ENV: 'test', UPLOAD_TEST_PAUSE: 'pieces' });
    const stuck = openUpload(a2.port, s.token, 'stuck.csv');
    void stuck.write(body('K'));
    stuck.end();
    await until(async () => existsSync(path.join(s.dataDir, 'tmp', 'paused-pieces')), 60_000);
    // Alive and renewing: B's sweeps (every second, lease 1 s) leave it alone.
    await new Promise((r) => setTimeout(r, 3000));
    expect((await s.counts()).pending).toBe(1);
    await stop(a2.child, 'SIGKILL');
    await until(async () => (await s.counts()).pending === 0, 30_000, 500);
    expect(await s.counts()).toMatchObject({ logs: 1, pending: 0, rows: 30_000, files: 2 });
    await stop(b.child, 'SIGTERM');
    await s.cleanUp();
  });
});
