import { randomUUID } from 'node:crypto';
import { EDUCATION, EXPORT_MESSAGES, LIMIT_MESSAGES, MESSAGES, sectorOverview } from '@insightra/contract';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestApp } from '../helpers/app';
import { appOn } from '../helpers/app-on';
import { seedUpload } from '../helpers/dataset';
import { bearer, createReport, createUser, tokenFor } from '../helpers/factories';
import { csv, injectUpload } from '../helpers/multipart';

vi.mock('../../src/lib/worker', () => import('../helpers/built-workers'));

/*
 * Ceilings that hold across all instances, counted in the database: a member's exports, open sign-up,
 * an organisation's stored uploads; and report names that cannot rewrite the text around them.
 */

const { app, db } = await createTestApp();

/** A window another instance has already filled: `hits` attempts counted until `seconds` from now. */
const filled = (bucket: string, key: string, hits: number, seconds: number) =>
  db.query(
    `INSERT INTO rate_limit_windows (bucket, key, hits, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))
     ON CONFLICT (bucket, key) DO UPDATE SET hits = excluded.hits, expires_at = excluded.expires_at`,
    [bucket, key, hits, seconds],
  );

describe("a member's exports", () => {
  const chart = sectorOverview(EDUCATION).charts[0]!.key;

  async function member() {
    const user = await createUser(db);
    const tab = await createReport(db, user.id, { report_uuid: sectorOverview(EDUCATION).uuid });
    const headers = bearer(await tokenFor(app, user));
    return {
      user,
      exportCsv: () =>
        app.inject({ url: `/api/reports/${tab.id}/export?format=csv&chart=${chart}`, headers }),
    };
  }

  it('run at most 2 at once on all instances together (429 with Retry-After); ended ones free their place', async () => {
    const { user, exportCsv } = await member();
    expect((await exportCsv()).statusCode).toBe(200);
    // Two of the member's exports run on other instances; one more crashed long ago.
    await db.query(
      `INSERT INTO export_runs (id, user_id, expires_at) VALUES
         ($2, $1, now() + interval '5 minutes'), ($3, $1, now() + interval '5 minutes')`,
      [user.id, randomUUID(), randomUUID()],
    );
    const refused = await exportCsv();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(EXPORT_MESSAGES.memberBusy);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await db.query("UPDATE export_runs SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      user.id,
    ]);
    expect((await exportCsv()).statusCode).toBe(200);
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM export_runs WHERE user_id = $1 AND expires_at > now()',
      [user.id],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('start at most 60 a minute', async () => {
    const { user, exportCsv } = await member();
    await filled('exports:member', `user:${user.id}`, 60, 40);
    const refused = await exportCsv();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      EXPORT_MESSAGES.memberTooMany(Number(refused.headers['retry-after'])),
    );
  });
});

describe('report names', () => {
  it('refuse control characters and bidirectional overrides, as organisation names do', async () => {
    const owner = await createUser(db);
    const admin = await createUser(db, { role: 'admin', organisation: false });
    for (const name of ['Sales\u202Emoc.live', 'Line\nbreak', 'Isolate\u2067x']) {
      const own = await app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: bearer(await tokenFor(app, owner)),
        payload: { tier: 'Beta', report_type: name, report_uuid: 'abc-123' },
      });
      expect(own.statusCode, name).toBe(400);
      expect(own.json().message).toBe('Report name may not contain control characters');
      const byAdmin = await app.inject({
        method: 'POST',
        url: `/api/admin/organisations/${owner.organisationId}/reports`,
        headers: bearer(await tokenFor(app, admin)),
        payload: { tier: 'Beta', report_type: name, report_uuid: 'abc-123' },
      });
      expect(byAdmin.statusCode, name).toBe(400);
    }
  });
});

describe('open sign-up', () => {
  const register = (on: typeof app, i: number, remoteAddress: string) =>
    on.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: `ceiling_${i}`,
        fullName: 'Reg User',
        email: `ceiling_${i}@example.com`,
        password: 'secret123',
      },
      remoteAddress,
    });

  it('takes 20 registrations per address an hour by default', async () => {
    for (let i = 0; i < 20; i++) expect((await register(app, i, '10.9.0.1')).statusCode).toBe(201);
    const refused = await register(app, 20, '10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(LIMIT_MESSAGES.register(Number(refused.headers['retry-after'])));
  });

  it('takes 1,000 an hour in all, whatever REGISTER_LIMIT_PER_HOUR and the addresses', async () => {
    const generous = await appOn(db, { REGISTER_LIMIT_PER_HOUR: '100000' });
    onTestFinished(generous.close);
    await filled('register:all', 'all', 1000, 3000);
    const refused = await register(generous.app, 100, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      LIMIT_MESSAGES.registerEverywhere(Number(refused.headers['retry-after'])),
    );
    await db.query("DELETE FROM rate_limit_windows WHERE bucket = 'register:all'");
  });
});

describe("an organisation's stored uploads", () => {
  it('stop at ORG_STORAGE_MAX_MB with 413 naming the limit and the use, which the dashboard reads', async () => {
    const small = await appOn(db, { ORG_STORAGE_MAX_MB: '1' });
    onTestFinished(small.close);
    const owner = await createUser(db, { fullName: 'Acme School' });
    const headers = bearer(await tokenFor(small.app, owner));
    const upload = await seedUpload(db, owner.id, []);
    await db.query('UPDATE upload_logs SET byte_size = $1 WHERE id = $2', [1.5 * 1024 * 1024, upload]);

    const storage = await small.app.inject({ url: '/api/server/storage', headers });
    expect(storage.json().data).toEqual({ usedBytes: 1.5 * 1024 * 1024, limitBytes: 1024 * 1024 });
    const refused = await injectUpload(
      small.app,
      headers,
      'more.csv',
      csv([['S9', 'Asha', 'Female', 'A', 'Yes', '90', '']]),
    );
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(MESSAGES.uploads.storageFull('Acme School', 2, 1));

    // Purging frees the room.
    await db.query('UPDATE upload_logs SET status = 0 WHERE id = $1', [upload]);
    const accepted = await injectUpload(
      small.app,
      headers,
      'more.csv',
      csv([['S9', 'Asha', 'Female', 'A', 'Yes', '90', '']]),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
