import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@insightra/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_FORM_LIMIT } from '../../src/features/issues/plugin';
import { createTestApp, type TestApp } from '../helpers/app';
import { appOn } from '../helpers/app-on';
import { bearer, createUser, tokenFor } from '../helpers/factories';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const VALID = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  subject: 'Chart is blank',
  issueType: 'Bug',
  description: 'The donut chart stays empty.',
};

/** A multipart request body built the way a browser builds it. */
async function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('screenshot', new Blob([file.data], { type: file.type }), file.name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  };
}

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
// The tests that need another configuration build another instance on the same database (a fresh one
// costs seconds): each checks only what it sent itself, from an address of its own (the form's limit
// per address is kept in the database).
const opened: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of opened) await close();
});
async function instanceWith(env: Record<string, string>) {
  const { app, close } = await appOn(ctx.db, env);
  opened.push(close);
  return app;
}

describe('POST /api/server/report-issue', () => {
  const post = async (
    fields: Record<string, string>,
    file?: Parameters<typeof multipart>[1],
    extra: Record<string, string> = {},
  ) => {
    const body = await multipart(fields, file);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/server/report-issue',
      ...body,
      headers: { ...body.headers, ...extra },
    });
  };
  const count = async () =>
    Number(
      (await ctx.db.query<{ n: string }>("SELECT count(*) AS n FROM issue_reports WHERE kind = 'issue'"))
        .rows[0]?.n,
    );

  it('stores a valid report with its screenshot and answers success', async () => {
    const res = await post(VALID, { name: 'shot.png', type: 'image/png', data: PNG });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.issue.submitted });
    const row = (
      await ctx.db.query<{
        name: string;
        issue_type: string;
        screenshot_file_id: number | null;
        byte_size: number;
        content_type: string;
      }>(
        `SELECT r.name, r.issue_type, r.screenshot_file_id, f.byte_size::int AS byte_size, f.content_type
           FROM issue_reports r JOIN stored_files f ON f.id = r.screenshot_file_id ORDER BY r.id DESC LIMIT 1`,
      )
    ).rows[0];
    expect(row).toMatchObject({
      name: 'Asha Rao',
      issue_type: 'Bug',
      byte_size: PNG.length,
      content_type: 'image/png',
    });
  });

  it('links the report to the signed-in user and keeps Other with its type', async () => {
    const user = await createUser(ctx.db);
    const token = await tokenFor(ctx.app, user);
    const res = await post(
      { ...VALID, email: '', issueType: 'Other', issueTypeOther: 'Billing' },
      undefined,
      bearer(token),
    );
    expect(res.statusCode).toBe(200);
    const row = (
      await ctx.db.query<{ user_id: number; issue_type_other: string; email: string | null }>(
        'SELECT user_id, issue_type_other, email FROM issue_reports ORDER BY id DESC LIMIT 1',
      )
    ).rows[0];
    expect(row).toEqual({ user_id: user.id, issue_type_other: 'Billing', email: null });
  });

  it.each([
    [{ ...VALID, name: '  ' }, MESSAGES.issue.nameRequired],
    [{ ...VALID, subject: '' }, MESSAGES.issue.subjectRequired],
    [{ ...VALID, description: ' ' }, MESSAGES.issue.descriptionRequired],
    [{ ...VALID, issueType: '' }, MESSAGES.issue.typeRequired],
    [{ ...VALID, issueType: 'Complaint' }, MESSAGES.issue.typeRequired],
    [{ ...VALID, issueType: 'Other' }, MESSAGES.issue.specifyType],
    [{ ...VALID, email: 'not-an-email' }, MESSAGES.issue.invalidEmail],
    // Several failures: the first in the order of docs/PRODUCT.md#issue-reports wins.
    [{ ...VALID, issueType: 'Other', email: 'bad' }, MESSAGES.issue.specifyType],
    [{ name: '', subject: '', description: '', issueType: '' }, MESSAGES.issue.nameRequired],
  ])('rejects %o with 400 "%s" and stores nothing', async (fields, message) => {
    const before = await count();
    const res = await post(fields as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    expect(await count()).toBe(before);
  });

  it('rejects a screenshot that is not an image by its bytes, whatever its name and type', async () => {
    const before = await count();
    const res = await post(VALID, {
      name: 'shot.png',
      type: 'image/png',
      data: Buffer.from('<svg onload="alert(1)"></svg>'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
    expect(await count()).toBe(before);
  });

  it('rejects an oversized screenshot with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await post(VALID, { name: 'big.png', type: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().success).toBe(false);
  });

  it('limits each address to PUBLIC_FORM_LIMIT.max submissions per window, with a 429 and Retry-After', async () => {
    const app = await instanceWith({});
    const body = await multipart({ ...VALID, name: '' });
    const send = () =>
      app.inject({ method: 'POST', url: '/api/server/report-issue', ...body, remoteAddress: '203.0.113.9' });
    for (let i = 0; i < PUBLIC_FORM_LIMIT.max; i++) expect((await send()).statusCode).toBe(400);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Too many messages/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await app.inject({
      method: 'POST',
      url: '/api/server/report-issue',
      ...body,
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(400);
  });

  it('answers 415 for a JSON body', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/server/report-issue', payload: VALID });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
  });
});

describe('report-issue e-mail', () => {
  const received: { to: string[]; data: string }[] = [];
  let smtp: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const parts: Buffer[] = [];
        stream.on('data', (c: Buffer) => parts.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(parts).toString(),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('mails the stored report to ISSUES_EMAIL when SMTP_URL is set', async () => {
    const app = await instanceWith({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      ISSUES_EMAIL: 'issues@insightra.test',
    });
    const body = await multipart(
      { ...VALID, issueType: 'Other', issueTypeOther: 'Data quality' },
      { name: 'shot.png', type: 'image/png', data: PNG },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/server/report-issue',
      ...body,
      remoteAddress: '198.51.100.70',
    });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['issues@insightra.test']);
    const data = received[0]?.data ?? '';
    // The subject names the site and the kind of mail only: the visitor's words go in the body.
    const subject = /^Subject: (.*)$/m.exec(data)?.[1] ?? '';
    expect(subject).toMatch(/^Insightra: issue report #\d+$/);
    expect(data).toContain('Type: Other: Data quality');
    expect(data).toContain('Subject: Chart is blank');
    expect(received[0]?.data).toContain('The donut chart stays empty.');
    expect(received[0]?.data).toContain('filename=shot.png');
  });

  it('keeps the report when the mail server is unreachable', async () => {
    const app = await instanceWith({
      SMTP_URL: 'smtp://127.0.0.1:1',
      ISSUES_EMAIL: 'issues@insightra.test',
    });
    const body = await multipart({ ...VALID, subject: 'Mail is down' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/server/report-issue',
      ...body,
      remoteAddress: '198.51.100.71',
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await ctx.db.query<{ subject: string }>(
      "SELECT subject FROM issue_reports WHERE subject = 'Mail is down'",
    );
    expect(rows).toHaveLength(1);
  });
});
