import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { removeFileContent, storeFile } from '../../src/lib/file-store';
import { createTestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';

const { app, db } = await createTestApp();
let headers: { authorization: string };

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function seedIssue(
  database: Database,
  fields: Partial<{
    kind: 'issue' | 'contact';
    subject: string;
    status: 'open' | 'resolved';
    createdAt: string;
    screenshot: { bytes: Buffer; contentType: string; fileName?: string };
  }> = {},
): Promise<{ id: number; fileId: number | null }> {
  return database.transaction(async (tx) => {
    const fileId = fields.screenshot
      ? await storeFile(
          tx,
          {
            ownerId: null,
            purpose: 'issue-screenshot',
            fileName: fields.screenshot.fileName ?? 'screen.png',
            contentType: fields.screenshot.contentType,
          },
          fields.screenshot.bytes,
        )
      : null;
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO issue_reports (kind, name, email, subject, issue_type, issue_type_other, description,
                                  screenshot_file_id, status, created_at)
       VALUES ($1, 'Asha Rao', 'asha@example.com', $2, $3, NULL, 'The chart does not draw', $4, $5, $6)
       RETURNING id`,
      [
        fields.kind ?? 'issue',
        fields.subject ?? 'Broken chart',
        fields.kind === 'contact' ? null : 'Bug',
        fileId,
        fields.status ?? 'open',
        fields.createdAt ?? new Date().toISOString(),
      ],
    );
    return { id: rows[0]!.id, fileId };
  });
}

beforeAll(async () => {
  const admin = await createUser(db, { role: 'admin' });
  headers = bearer(await tokenFor(app, admin));
});

const get = (url: string) => app.inject({ method: 'GET', url, headers });

describe('the issue inbox', () => {
  it('lists issue reports and contact messages newest first, paged, filterable by status', async () => {
    const old = await seedIssue(db, { subject: 'Oldest', createdAt: '2026-01-01T10:00:00Z' });
    const mid = await seedIssue(db, {
      kind: 'contact',
      subject: 'Middle',
      createdAt: '2026-02-01T10:00:00Z',
      status: 'resolved',
    });
    const recent = await seedIssue(db, {
      subject: 'Newest',
      createdAt: '2026-03-01T10:00:00Z',
      screenshot: { bytes: PNG, contentType: 'image/png' },
    });
    const all = (await get('/api/admin/issues')).json();
    expect(all.pagination).toEqual({ total: 3, page: 1, pageSize: 24 });
    expect(all.data.map((i: { id: number }) => i.id)).toEqual([recent.id, mid.id, old.id]);
    expect(all.data[0]).toEqual({
      id: recent.id,
      kind: 'issue',
      name: 'Asha Rao',
      email: 'asha@example.com',
      subject: 'Newest',
      issueType: 'Bug',
      issueTypeOther: null,
      status: 'open',
      hasScreenshot: true,
      created_at: '2026-03-01T10:00:00.000Z',
    });
    expect(all.data[1]).toMatchObject({ kind: 'contact', issueType: null, hasScreenshot: false });

    const page2 = (await get('/api/admin/issues?pageSize=2&page=2')).json();
    expect(page2.data.map((i: { id: number }) => i.id)).toEqual([old.id]);
    expect(page2.pagination).toEqual({ total: 3, page: 2, pageSize: 2 });

    const open = (await get('/api/admin/issues?status=open')).json();
    expect(open.data.map((i: { id: number }) => i.id)).toEqual([recent.id, old.id]);
    expect(open.pagination.total).toBe(2);
    const resolved = (await get('/api/admin/issues?status=resolved')).json();
    expect(resolved.data.map((i: { id: number }) => i.id)).toEqual([mid.id]);

    for (const qs of ['status=closed', 'page=0', 'pageSize=500']) {
      const res = await get(`/api/admin/issues?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('answers one report with its description and screenshot address', async () => {
    const withShot = await seedIssue(db, { screenshot: { bytes: PNG, contentType: 'image/png' } });
    const res = await get(`/api/admin/issues/${withShot.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: withShot.id,
      description: 'The chart does not draw',
      hasScreenshot: true,
      screenshotUrl: `/api/admin/issues/${withShot.id}/screenshot`,
    });
    const without = await seedIssue(db);
    expect((await get(`/api/admin/issues/${without.id}`)).json().data.screenshotUrl).toBeNull();
    expect((await get('/api/admin/issues/999999')).statusCode).toBe(404);
    expect((await get('/api/admin/issues/abc')).statusCode).toBe(400);
  });

  it('streams the screenshot with its type, nosniff and a safe disposition', async () => {
    const big = Buffer.alloc(600 * 1024, 7); // several chunks in the file store
    big.set(PNG.subarray(0, 8));
    const issue = await seedIssue(db, {
      screenshot: { bytes: big, contentType: 'image/png', fileName: 'evil"\r\nX-Injected: 1.png' },
    });
    const res = await get(`/api/admin/issues/${issue.id}/screenshot`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="issue-${issue.id}-screenshot.png"`);
    expect(res.headers['x-injected']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(big)).toBe(true);
  });

  it('never serves a stored non-image type as itself', async () => {
    const issue = await seedIssue(db, {
      screenshot: { bytes: Buffer.from('<script>alert(1)</script>'), contentType: 'text/html' },
    });
    const res = await get(`/api/admin/issues/${issue.id}/screenshot`);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('answers 404 without a screenshot and 410 once the file is gone', async () => {
    const none = await seedIssue(db);
    const res = await get(`/api/admin/issues/${none.id}/screenshot`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'This issue report has no screenshot' });
    expect((await get('/api/admin/issues/999999/screenshot')).statusCode).toBe(404);

    const purged = await seedIssue(db, { screenshot: { bytes: PNG, contentType: 'image/png' } });
    await removeFileContent(db, purged.fileId!);
    const goneRes = await get(`/api/admin/issues/${purged.id}/screenshot`);
    expect(goneRes.statusCode).toBe(410);
    expect(goneRes.json()).toEqual({
      success: false,
      message: 'File is no longer available (expired or deleted)',
    });
  });

  it('changes the status and keeps it', async () => {
    const issue = await seedIssue(db);
    const patch = (payload: unknown, id: number | string = issue.id) =>
      app.inject({ method: 'PATCH', url: `/api/admin/issues/${id}`, headers, payload: payload as object });
    const resolved = await patch({ status: 'resolved' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      success: true,
      message: 'Issue marked as resolved',
      data: { id: issue.id, status: 'resolved' },
    });
    expect((await get(`/api/admin/issues/${issue.id}`)).json().data.status).toBe('resolved');
    const reopened = await patch({ status: 'open' });
    expect(reopened.json()).toMatchObject({ message: 'Issue reopened', data: { status: 'open' } });

    for (const bad of [{ status: 'closed' }, {}, { status: 1 }]) {
      const res = await patch(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await patch({ status: 'resolved' }, 999999)).statusCode).toBe(404);
    expect((await get(`/api/admin/issues/${issue.id}`)).json().data.status).toBe('open');
  });
});
