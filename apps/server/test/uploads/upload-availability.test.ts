import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';
import { openUpload, studentRows, until } from '../helpers/http-upload';
import { HEADER, injectUpload } from '../helpers/multipart';

let t: TestApp;
let port: number;
let uploader: { id: number; token: string };
let other: string;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_MB: '50', METRICS_TOKEN: 'metrics-token-for-tests' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  const u = await createUser(t.db);
  uploader = { id: u.id, token: await tokenFor(t.app, u) };
  other = await tokenFor(t.app, await createUser(t.db));
});

const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

/** Resolves with the answer's status, or rejects when none comes within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);
}

const me = () => t.app.inject({ url: '/api/auth/me', headers: bearer(other) });

/** One gauge's value from GET /api/metrics. */
async function gauge(name: string): Promise<number> {
  const res = await t.app.inject({ url: '/api/metrics', headers: bearer('metrics-token-for-tests') });
  const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

describe('uploads and everyone else', () => {
  it('answers other requests while an upload body stalls', { timeout: 30_000 }, async () => {
    const upload = openUpload(port, uploader.token);
    await upload.write(`${HEADER}\n${studentRows(0, 100)}`);
    // The body stalls: nothing may wait on it but the upload itself.
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 3; i++) {
      const [who, health] = await within(
        Promise.all([me(), t.app.inject({ url: '/api/powerbi/health' })]),
        2000,
      );
      expect(who.statusCode).toBe(200);
      expect(health.statusCode).toBe(200);
      await upload.write(studentRows(100 + i, 1));
    }
    // Operators see it: the instance's upload gauge counts the upload in progress.
    expect(await gauge('insightra_uploads_running')).toBe(1);
    upload.end();
    const answer = await upload.response;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ totalRecordsInserted: 103 });
    expect(await gauge('insightra_uploads_running')).toBe(0);
  });

  it('a client that goes away mid-body leaves nothing, and an unfinished upload is never visible', {
    timeout: 60_000,
  }, async () => {
    const before = {
      logs: await count('upload_logs'),
      rows: await count('dataset_rows'),
      files: await count('stored_files'),
    };
    const upload = openUpload(port, uploader.token, 'dropped.csv');
    await upload.write(`${HEADER}\n`);
    for (let block = 0; block < 6; block++) await upload.write(studentRows(block * 10_000, 10_000, 'D'));
    // Received in part: the upload is pending, and no reader sees it.
    await until(async () => (await count('pending_uploads')) === 1);
    const activity = await t.app.inject({ url: '/api/server/activity', headers: bearer(uploader.token) });
    expect(activity.json().data.map((l: { file_name: string }) => l.file_name)).not.toContain('dropped.csv');
    expect(await count('upload_logs')).toBe(before.logs);
    upload.destroy();
    await until(async () => (await count('pending_uploads')) === 0);
    expect(await count('dataset_rows')).toBe(before.rows);
    expect(await count('upload_logs')).toBe(before.logs);
    expect(await count('stored_files')).toBe(before.files);
  });

  it('answers a request sent while the upload is being written before the upload itself', {
    timeout: 120_000,
  }, async () => {
    const before = await count('dataset_rows');
    const order: string[] = [];
    const upload = injectUpload(
      t.app,
      bearer(uploader.token),
      'big.csv',
      `${HEADER}\n${studentRows(0, 120_000, 'B')}`,
    ).then((res) => {
      order.push('upload');
      return res;
    });
    // The first pieces are in the database: the upload is being written.
    await until(async () => (await count('dataset_rows')) > before, 60_000, 20);
    const who = await me();
    order.push('me');
    expect(who.statusCode).toBe(200);
    const res = await upload;
    expect(res.statusCode, res.body).toBe(200);
    expect(order).toEqual(['me', 'upload']);
    expect(res.json()).toMatchObject({ totalRecordsInserted: 120_000 });
  });
});
