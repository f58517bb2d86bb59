import { beforeAll, describe, expect, it, vi } from 'vitest';
import { removeExpiredFiles } from '../../src/features/uploads/repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';
import { csv, injectUpload } from '../helpers/multipart';

// The upload's worker threads run the build, as in the product (helpers/built-workers.ts).
vi.mock('../../src/lib/worker', () => import('../helpers/built-workers'));

let t: TestApp;
let alice: string;
let bob: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await tokenFor(t.app, await createUser(t.db));
  bob = await tokenFor(t.app, await createUser(t.db));
});

async function upload(tok: string, name: string, rows: string[][]) {
  const res = await injectUpload(t.app, bearer(tok), name, csv(rows));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().uploadId as number;
}

const get = (url: string, tok?: string) => t.app.inject({ url, headers: tok ? bearer(tok) : {} });

describe('activity, downloads and purge', () => {
  it("lists only the caller's logs, newest first, with docs/PRODUCT.md#data-shapes fields", async () => {
    const first = await upload(alice, 'one.csv', [['A1', 'N', 'F', 'G', 'Yes', '', '']]);
    const second = await upload(alice, 'two.csv', [
      ['A2', 'N', 'F', 'G', 'Yes', '', ''],
      ['A3', 'N', 'Q', 'G', 'Yes', '', ''],
    ]);
    await upload(bob, 'bob.csv', [['B1', 'N', 'F', 'G', 'Yes', '', '']]);
    const res = await get('/api/server/activity', alice);
    expect(res.statusCode).toBe(200);
    const logs = res.json().data;
    expect(logs.map((l: { id: number }) => l.id)).toEqual([second, first]);
    expect(logs[0]).toMatchObject({
      file_name: 'two.csv',
      total_processed: 2,
      total_accepted: 1,
      total_failed: 1,
      success_rate: 50,
      status: 1,
      originalFileUrl: `/api/server/uploads/${second}/original`,
      rejectedFileUrl: `/api/server/uploads/${second}/rejected`,
    });
    expect(logs[1].rejectedFileUrl).toBeNull();
    expect(new Date(logs[0].date).getTime()).toBeGreaterThan(0);
    expect((await get('/api/server/activity')).statusCode).toBe(401);
  });

  it("answers 404 for another user's files and purges, 410 after purge", async () => {
    const id = await upload(alice, 'mine.csv', [
      ['M1', 'N', 'F', 'G', 'Yes', '', ''],
      ['M2', 'N', 'Z', 'G', 'Yes', '', ''],
    ]);
    expect((await get(`/api/server/uploads/${id}/original`, bob)).statusCode).toBe(404);
    expect((await get(`/api/server/uploads/${id}/rejected`, bob)).statusCode).toBe(404);
    expect((await get(`/api/server/uploads/999999/original`, alice)).statusCode).toBe(404);
    expect((await get(`/api/server/uploads/${id}/original`)).statusCode).toBe(401);

    const bobPurge = await t.app.inject({
      method: 'DELETE',
      url: `/api/server/uploads/${id}`,
      headers: bearer(bob),
    });
    expect(bobPurge.json()).toMatchObject({ success: true, deletedCount: 0 });
    expect((await get(`/api/server/uploads/${id}/original`, alice)).statusCode).toBe(200);

    const purge = await t.app.inject({
      method: 'DELETE',
      url: `/api/server/uploads/${id},424242`,
      headers: bearer(alice),
    });
    expect(purge.json()).toMatchObject({ success: true, deletedCount: 1, message: 'Deleted 1 log(s)' });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/server/uploads/${id}`,
      headers: bearer(alice),
    });
    expect(again.json()).toMatchObject({ deletedCount: 0 });

    const original = await get(`/api/server/uploads/${id}/original`, alice);
    expect(original.statusCode).toBe(410);
    expect(original.json().message).toBe('File is no longer available (expired or deleted)');
    expect((await get(`/api/server/uploads/${id}/rejected`, alice)).statusCode).toBe(410);
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM dataset_rows WHERE upload_id = $1',
      [id],
    );
    expect(rows[0]!.n).toBe(0);
    const log = (await get('/api/server/activity', alice))
      .json()
      .data.find((l: { id: number }) => l.id === id);
    expect(log.status).toBe(0);

    // A browser encodes the comma of a list (buildPath): the server reads it the same.
    const x = await upload(alice, 'x.csv', [['X1', 'N', 'F', 'G', 'Yes', '', '']]);
    const y = await upload(alice, 'y.csv', [['Y1', 'N', 'F', 'G', 'Yes', '', '']]);
    const encoded = await t.app.inject({
      method: 'DELETE',
      url: `/api/server/uploads/${x}%2C${y}`,
      headers: bearer(alice),
    });
    expect(encoded.json()).toMatchObject({ deletedCount: 2 });

    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/server/uploads/abc',
      headers: bearer(alice),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('removes expired files (retention) so their downloads answer 410', async () => {
    const id = await upload(alice, 'old.csv', [['O1', 'N', 'F', 'G', 'Yes', '', '']]);
    await t.db.query(
      `UPDATE stored_files SET expires_at = now() - interval '1 day'
        WHERE id = (SELECT original_file_id FROM upload_logs WHERE id = $1)`,
      [id],
    );
    // Two instances racing: the file is removed once, the other run finds nothing to do.
    const [a, b] = await Promise.all([removeExpiredFiles(t.db), removeExpiredFiles(t.db)]);
    expect(a + b).toBe(1);
    expect((await get(`/api/server/uploads/${id}/original`, alice)).statusCode).toBe(410);
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stored_file_chunks WHERE file_id = (SELECT original_file_id FROM upload_logs WHERE id = $1)',
      [id],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it("an upload stays with its organisation when its uploader's account goes; removing the organisation takes its rows (no orphans)", async () => {
    const carol = await createUser(t.db);
    const id = await upload(await tokenFor(t.app, carol), 'c.csv', [['C1', 'N', 'F', 'G', 'Yes', '', '']]);
    const rowsOf = async () =>
      (
        await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dataset_rows WHERE upload_id = $1', [
          id,
        ])
      ).rows[0]!.n;
    await t.db.query('DELETE FROM users WHERE id = $1', [carol.id]);
    expect(await rowsOf()).toBe(1);
    const { rows: log } = await t.db.query('SELECT user_id FROM upload_logs WHERE id = $1', [id]);
    expect(log).toEqual([{ user_id: null }]);
    await t.db.query('DELETE FROM organisations WHERE id = $1', [carol.organisationId]);
    expect(await rowsOf()).toBe(0);
  });
});
