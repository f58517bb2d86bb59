import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@insightra/contract';
import { describe, expect, it, vi } from 'vitest';
import { uploadLoad } from '../../src/features/uploads/load';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';
import { openUpload, studentRows, until } from '../helpers/http-upload';
import { HEADER, injectUpload } from '../helpers/multipart';

// The upload's worker threads run the build, as in the product (helpers/built-workers.ts).
vi.mock('../../src/lib/worker', () => import('../helpers/built-workers'));

async function appWith(env: Record<string, string>) {
  const t = await createTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const member = async () => tokenFor(t.app, await createUser(t.db));
  return { t, port, member };
}

function upload(t: TestApp, token: string, content: string, name = 'small.csv') {
  return injectUpload(t.app, bearer(token), name, content);
}

const small = (prefix: string) => `${HEADER}\n${studentRows(0, 10, prefix)}`;

/** An upload whose body stalls after its first rows (it holds its place until `end`). */
async function stalled(port: number, token: string) {
  const u = openUpload(port, token);
  await u.write(`${HEADER}\n${studentRows(0, 100)}`);
  return u;
}

function expectRefused(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
  message: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ success: false, message });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('upload bounds', () => {
  it('a member may have UPLOAD_CONCURRENCY_PER_MEMBER uploads in progress; others are not held up', {
    timeout: 60_000,
  }, async () => {
    const { t, port, member } = await appWith({ UPLOAD_CONCURRENCY_PER_MEMBER: '2' });
    const [a, b] = [await member(), await member()];
    const first = await stalled(port, a);
    const second = await stalled(port, a);
    await until(async () => uploadLoad(t.app).uploadsRunning === 2);
    expectRefused(await upload(t, a, small('A')), 429, MESSAGES.uploads.tooManyAtOnce(2));
    expect((await upload(t, b, small('B'))).statusCode).toBe(200);
    for (const u of [first, second]) u.end();
    expect((await first.response).status).toBe(200);
    expect((await second.response).status).toBe(200);
    expect((await upload(t, a, small('A'))).statusCode).toBe(200);
  });

  it('UPLOAD_WORKERS parse at once, UPLOAD_QUEUE wait, and beyond that the instance answers 503', {
    timeout: 60_000,
  }, async () => {
    const { t, member } = await appWith({ UPLOAD_WORKERS: '1', UPLOAD_QUEUE: '1' });
    // Each upload stops for 3 s after its first piece, holding its parse worker (a test-only pause).
    process.env.UPLOAD_TEST_PAUSE = 'pieces:3000';
    try {
      const running = upload(t, await member(), small('R'));
      await until(async () => uploadLoad(t.app).workersRunning === 1);
      const queued = upload(t, await member(), small('Q'));
      await until(async () => uploadLoad(t.app).workersQueued === 1);
      expect(uploadLoad(t.app)).toEqual({
        uploadsRunning: 2,
        uploadsQueued: 1,
        workersRunning: 1,
        workersQueued: 1,
      });
      const res = await upload(t, await member(), small('C'));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.uploads.serverBusy });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // The checks are done: the uploads need not stop any longer (the pause is read when an upload
      // reaches it).
      delete process.env.UPLOAD_TEST_PAUSE;
      expect((await running).statusCode).toBe(200);
      expect((await queued).statusCode).toBe(200);
    } finally {
      delete process.env.UPLOAD_TEST_PAUSE;
    }
    expect(uploadLoad(t.app)).toEqual({
      uploadsRunning: 0,
      uploadsQueued: 0,
      workersRunning: 0,
      workersQueued: 0,
    });
  });

  it('UPLOAD_DAILY_FILES and UPLOAD_DAILY_MB per member in 24 hours, counted in the database', {
    timeout: 60_000,
  }, async () => {
    const { t, member } = await appWith({
      UPLOAD_DAILY_FILES: '2',
      UPLOAD_DAILY_MB: '1',
      UPLOAD_MAX_MB: '5',
    });
    const files = await member();
    expect((await upload(t, files, small('F'))).statusCode).toBe(200);
    expect((await upload(t, files, small('G'))).statusCode).toBe(200);
    expectRefused(await upload(t, files, small('H')), 429, MESSAGES.uploads.dailyFiles(2));

    const volume = await member();
    // About 1.4 MB: accepted (the bound is checked before an upload), and it uses the day's volume up.
    expect((await upload(t, volume, `${HEADER}\n${studentRows(0, 20_000, 'V')}`)).statusCode).toBe(200);
    expectRefused(await upload(t, volume, small('W')), 429, MESSAGES.uploads.dailyVolume(1));
    // A day later, the member may upload again.
    await t.db.query("UPDATE upload_logs SET date = date - interval '25 hours'");
    expect((await upload(t, volume, small('W'))).statusCode).toBe(200);
    expect((await upload(t, files, small('H'))).statusCode).toBe(200);
  });

  it('a CSV upload has a deadline (UPLOAD_CSV_TIMEOUT_S)', {
    timeout: 60_000,
  }, async () => {
    const { t, port, member } = await appWith({ UPLOAD_CSV_TIMEOUT_S: '1', UPLOAD_MAX_MB: '50' });
    // A CSV parsed while it arrives whose body then stops: the worker is stopped at its deadline,
    // whatever the speed of the machine, and the client hears why.
    const late = openUpload(port, await member(), 'late.csv');
    await late.write(`${HEADER}\n${studentRows(0, 1000, 'T')}`);
    const answer = await late.response;
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ success: false, message: MESSAGES.uploads.csvTooSlow });
    late.destroy();
    await until(async () => uploadLoad(t.app).uploadsRunning === 0);
    const left = await t.db.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM pending_uploads) + (SELECT count(*) FROM dataset_rows) AS n',
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it('a header line over 1 MB is refused at once', { timeout: 60_000 }, async () => {
    const { t, port, member } = await appWith({ UPLOAD_MAX_MB: '50' });
    const long = openUpload(port, await member(), 'long.csv');
    // 1.5 MB without a line break, then the body stalls: the answer comes without the rest.
    for (let i = 0; i < 3; i++) await long.write(`${'a,'.repeat(256 * 1024)}`);
    const refused = await long.response;
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toEqual({ success: false, message: MESSAGES.uploads.rowTooLong });
    long.destroy();
    await until(async () => uploadLoad(t.app).uploadsRunning === 0);
    const pending = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pending_uploads');
    expect(pending.rows[0]!.n).toBe(0);
  });
});
