import { api, type RouteDef } from '@insightra/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../../src/lib/file-store';
import { createTestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';

const { app, db } = await createTestApp();

let memberToken: string;
let adminToken: string;
let calls: { name: string; method: RouteDef['method']; url: string; payload?: object; ok: number }[];

beforeAll(async () => {
  const member = await createUser(db);
  const admin = await createUser(db, { role: 'admin' });
  memberToken = await tokenFor(app, member);
  adminToken = await tokenFor(app, admin);
  const issueId = await db.transaction(async (tx) => {
    const fileId = await storeFile(
      tx,
      { ownerId: null, purpose: 'issue-screenshot', fileName: 'shot.png', contentType: 'image/png' },
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    );
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO issue_reports (name, subject, issue_type, description, screenshot_file_id)
       VALUES ('Asha', 'Broken chart', 'Bug', 'It does not draw', $1) RETURNING id`,
      [fileId],
    );
    return rows[0]!.id;
  });
  const report = { tier: 'Alpha', report_type: 'Overview', report_uuid: 'abc-123' };
  calls = [
    { name: 'users', method: 'GET', url: '/api/admin/users', ok: 200 },
    { name: 'user', method: 'GET', url: `/api/admin/users/${member.id}`, ok: 200 },
    {
      name: 'addReport',
      method: 'POST',
      url: `/api/admin/users/${member.id}/reports`,
      payload: report,
      ok: 201,
    },
    { name: 'issues', method: 'GET', url: '/api/admin/issues', ok: 200 },
    { name: 'biSettings', method: 'GET', url: '/api/admin/bi-settings', ok: 200 },
    { name: 'issue', method: 'GET', url: `/api/admin/issues/${issueId}`, ok: 200 },
    { name: 'issueScreenshot', method: 'GET', url: `/api/admin/issues/${issueId}/screenshot`, ok: 200 },
    {
      name: 'setIssueStatus',
      method: 'PATCH',
      url: `/api/admin/issues/${issueId}`,
      payload: { status: 'resolved' },
      ok: 200,
    },
  ];
});

describe('admin role rules', () => {
  it('covers every admin call of the contract', () => {
    expect(calls.map((c) => c.name).sort()).toEqual(Object.keys(api.admin).sort());
    for (const route of Object.values(api.admin)) expect(route.access).toBe('admin');
  });

  it('answers 401 without a token', async () => {
    for (const call of calls) {
      const res = await app.inject({ method: call.method, url: call.url, payload: call.payload });
      expect(res.statusCode, call.name).toBe(401);
      expect(res.json(), call.name).toEqual({ success: false, message: 'Authentication required' });
    }
  });

  it('answers 401 for a forged token', async () => {
    for (const call of calls) {
      const res = await app.inject({
        method: call.method,
        url: call.url,
        payload: call.payload,
        headers: bearer(`${adminToken.slice(0, -4)}AAAA`),
      });
      expect(res.statusCode, call.name).toBe(401);
    }
  });

  it('answers 403 for a member', async () => {
    for (const call of calls) {
      const res = await app.inject({
        method: call.method,
        url: call.url,
        payload: call.payload,
        headers: bearer(memberToken),
      });
      expect(res.statusCode, call.name).toBe(403);
      expect(res.json().success, call.name).toBe(false);
    }
  });

  it('answers 403 for a member whose token claims the admin role (the role is read from the database)', async () => {
    const member = await createUser(db);
    const lying = await app.auth.signSession(member.id, { role: 'admin' });
    for (const call of calls) {
      const res = await app.inject({
        method: call.method,
        url: call.url,
        payload: call.payload,
        headers: bearer(lying),
      });
      expect(res.statusCode, call.name).toBe(403);
    }
  });

  it('lets an administrator through', async () => {
    for (const call of calls) {
      const res = await app.inject({
        method: call.method,
        url: call.url,
        payload: call.payload,
        headers: bearer(adminToken),
      });
      expect(res.statusCode, call.name).toBe(call.ok);
    }
  });
});
