import {
  EDUCATION,
  EXPORT_MESSAGES,
  SUBSCRIPTION_LIMITS,
  SUBSCRIPTION_MESSAGES,
  sectorOverview,
} from '@insightra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../src/features/organisations/organisation-repository';
import { unsubscribeKey, unsubscribeToken } from '../../src/features/subscriptions/unsubscribe-token';
import { createTestApp, type TestApp } from '../helpers/app';
import { appOn } from '../helpers/app-on';
import { bearer, createReport, createUser, type TestUser, tokenFor } from '../helpers/factories';

/*
 * The subscription API's rules: who may subscribe whom, who may change what, what an organisation's
 * members see, and the public unsubscribe link. Nothing is sent here (no runner runs: the app does
 * not listen); delivery.test.ts sends.
 */

let t: TestApp;
let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let outsider: TestUser;
const headers = {} as Record<'owner' | 'editor' | 'viewer' | 'outsider' | 'admin', Record<string, string>>;
let reportId: number;
let outsiderReportId: number;

beforeAll(async () => {
  // Mail is "set up" (subscriptions may be created); nothing listens there and nothing is sent.
  t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://portal.example.com' });
  owner = await createUser(t.db, { fullName: 'Olive Owner' });
  editor = await createUser(t.db, { fullName: 'Edgar Editor', organisation: false });
  viewer = await createUser(t.db, { fullName: 'Vera Viewer', organisation: false });
  await addMember(t.db, owner.organisationId!, editor.id, 'editor');
  await addMember(t.db, owner.organisationId!, viewer.id, 'viewer');
  outsider = await createUser(t.db);
  const admin = await createUser(t.db, { role: 'admin', organisation: false });
  for (const [name, user] of Object.entries({ owner, editor, viewer, outsider, admin })) {
    headers[name as keyof typeof headers] = bearer(await tokenFor(t.app, user));
  }
  reportId = (
    await createReport(t.db, owner.id, {
      report_type: 'Attendance',
      report_uuid: sectorOverview(EDUCATION).uuid,
    })
  ).id;
  outsiderReportId = (await createReport(t.db, outsider.id)).id;
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: keyof typeof headers,
  payload?: object,
) => t.app.inject({ method, url, headers: headers[who], ...(payload ? { payload } : {}) });

const subscribe = (who: keyof typeof headers, body: object = {}) =>
  call('POST', '/api/subscriptions', who, { reportId, cadence: 'daily', time: '09:00', ...body });

async function subscriptionOf(who: keyof typeof headers, body: object = {}): Promise<number> {
  const res = await subscribe(who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.subscription.id;
}

describe('creating a subscription', () => {
  it('subscribes the caller by default, in Asia/Kolkata, with the next slot', async () => {
    const res = await subscribe('owner');
    expect(res.statusCode, res.body).toBe(201);
    const { subscription } = res.json().data;
    expect(subscription).toMatchObject({
      reportId,
      reportName: 'Attendance',
      createdBy: { id: owner.id, name: 'Olive Owner' },
      recipients: [{ id: owner.id, name: 'Olive Owner', email: owner.email }],
      cadence: 'daily',
      time: '09:00',
      timeZone: SUBSCRIPTION_LIMITS.defaultTimeZone,
      paused: false,
      lastSentAt: null,
      lastError: null,
    });
    // 09:00 in Kolkata is 03:30 UTC, within the next day.
    const next = new Date(subscription.nextRunAt);
    expect(next.toISOString()).toMatch(/T03:30:00\.000Z$/);
    expect(next.getTime() - Date.now()).toBeGreaterThan(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });

  it("answers 404 for another organisation's report tab", async () => {
    const res = await subscribe('owner', { reportId: outsiderReportId });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SUBSCRIPTION_MESSAGES.reportNotFound);
  });

  it('answers 400 for a tab that shows no built-in report: its mail could never be drawn', async () => {
    const typedIn = await createReport(t.db, owner.id, { report_uuid: 'not-a-template' });
    const res = await subscribe('owner', { reportId: typedIn.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(EXPORT_MESSAGES.notExportable);
  });

  it('lets a viewer subscribe only themselves', async () => {
    const others = await subscribe('viewer', { recipients: [viewer.id, editor.id] });
    expect(others.statusCode).toBe(403);
    expect(others.json().message).toBe(SUBSCRIPTION_MESSAGES.othersNeedEditor);
    expect((await subscribe('viewer', { recipients: [viewer.id] })).statusCode).toBe(201);
  });

  it('lets an editor subscribe other members, but only members', async () => {
    expect((await subscribe('editor', { recipients: [editor.id, viewer.id, owner.id] })).statusCode).toBe(
      201,
    );
    const res = await subscribe('editor', { recipients: [editor.id, outsider.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: SUBSCRIPTION_MESSAGES.recipientOutside,
      errors: [{ path: 'recipients', message: SUBSCRIPTION_MESSAGES.recipientOutside }],
    });
  });

  it(`takes at most ${SUBSCRIPTION_LIMITS.maxRecipients} recipients, and the day a cadence needs`, async () => {
    const many = Array.from({ length: SUBSCRIPTION_LIMITS.maxRecipients + 1 }, (_, i) => i + 1);
    const res = await subscribe('owner', { recipients: many });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SUBSCRIPTION_MESSAGES.tooManyRecipients);
    expect((await subscribe('owner', { cadence: 'weekly' })).statusCode).toBe(400);
    expect((await subscribe('owner', { timeZone: 'Mars/Olympus' })).json().message).toBe(
      SUBSCRIPTION_MESSAGES.timeZoneInvalid,
    );
  });

  it('cannot be made without SMTP_URL, and the list says e-mail is off', async () => {
    const noMail = await appOn(t.db);
    afterAll(noMail.close);
    const token = bearer(await tokenFor(noMail.app, owner));
    const res = await noMail.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: token,
      payload: { reportId, cadence: 'daily', time: '09:00' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SUBSCRIPTION_MESSAGES.noSmtp);
    const list = await noMail.app.inject({ method: 'GET', url: '/api/subscriptions', headers: token });
    expect(list.json().data.emailEnabled).toBe(false);
    expect((await call('GET', '/api/subscriptions', 'owner')).json().data.emailEnabled).toBe(true);
  });
});

describe('the list', () => {
  it("shows members what they made or receive, and owners all of the organisation's", async () => {
    const byEditorForViewer = await subscriptionOf('editor', { recipients: [viewer.id] });
    const byEditorAlone = await subscriptionOf('editor');
    const ids = async (who: keyof typeof headers) =>
      ((await call('GET', '/api/subscriptions', who)).json().data.subscriptions as { id: number }[]).map(
        (s) => s.id,
      );
    expect(await ids('viewer')).toContain(byEditorForViewer);
    expect(await ids('viewer')).not.toContain(byEditorAlone);
    expect(await ids('editor')).toEqual(expect.arrayContaining([byEditorForViewer, byEditorAlone]));
    expect(await ids('owner')).toEqual(expect.arrayContaining([byEditorForViewer, byEditorAlone]));
    expect(await ids('outsider')).toEqual([]);
  });
});

describe('changing a subscription', () => {
  it('is for its creator or an owner', async () => {
    const id = await subscriptionOf('editor', { recipients: [editor.id, viewer.id] });
    const byViewer = await call('PATCH', `/api/subscriptions/${id}`, 'viewer', { paused: true });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().message).toBe(SUBSCRIPTION_MESSAGES.notYours);
    for (const url of [`/api/subscriptions/${id}/send-now`]) {
      expect((await call('POST', url, 'viewer')).json().message).toBe(SUBSCRIPTION_MESSAGES.notYours);
    }
    expect((await call('DELETE', `/api/subscriptions/${id}`, 'viewer')).statusCode).toBe(403);

    const byOwner = await call('PATCH', `/api/subscriptions/${id}`, 'owner', {
      cadence: 'weekly',
      weekday: 1,
      time: '07:30',
      timeZone: 'Europe/London',
      paused: true,
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json().data.subscription).toMatchObject({
      cadence: 'weekly',
      weekday: 1,
      time: '07:30',
      timeZone: 'Europe/London',
      paused: true,
    });
    const byCreator = await call('PATCH', `/api/subscriptions/${id}`, 'editor', { recipients: [editor.id] });
    expect(byCreator.json().data.subscription.recipients.map((r: { id: number }) => r.id)).toEqual([
      editor.id,
    ]);
  });

  it("answers 404 for another organisation's subscription", async () => {
    const id = await subscriptionOf('owner');
    for (const [method, url] of [
      ['PATCH', `/api/subscriptions/${id}`],
      ['DELETE', `/api/subscriptions/${id}`],
      ['POST', `/api/subscriptions/${id}/send-now`],
      ['GET', `/api/subscriptions/${id}/deliveries`],
    ] as const) {
      const res = await call(method, url, 'outsider', method === 'PATCH' ? { paused: true } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(SUBSCRIPTION_MESSAGES.notFound);
    }
  });

  it('checks recipients and the day a new cadence needs', async () => {
    const id = await subscriptionOf('owner');
    const outside = await call('PATCH', `/api/subscriptions/${id}`, 'owner', { recipients: [outsider.id] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0]).toEqual({
      path: 'recipients',
      message: SUBSCRIPTION_MESSAGES.recipientOutside,
    });
    const noDay = await call('PATCH', `/api/subscriptions/${id}`, 'owner', { cadence: 'monthly' });
    expect(noDay.statusCode).toBe(400);
    const monthly = await call('PATCH', `/api/subscriptions/${id}`, 'owner', {
      cadence: 'monthly',
      monthDay: 31,
    });
    expect(monthly.json().data.subscription).toMatchObject({
      cadence: 'monthly',
      monthDay: 31,
      weekday: null,
    });
  });

  it('deletes it for its creator', async () => {
    const id = await subscriptionOf('viewer');
    expect((await call('DELETE', `/api/subscriptions/${id}`, 'viewer')).statusCode).toBe(200);
    expect((await call('DELETE', `/api/subscriptions/${id}`, 'viewer')).statusCode).toBe(404);
  });
});

describe('send now and deliveries', () => {
  it('queues one delivery per recipient, listed to the recipients but not to other members', async () => {
    const id = await subscriptionOf('editor', { recipients: [editor.id, viewer.id] });
    const res = await call('POST', `/api/subscriptions/${id}/send-now`, 'editor');
    expect(res.json()).toEqual({ success: true, message: SUBSCRIPTION_MESSAGES.queued });
    const deliveries = await call('GET', `/api/subscriptions/${id}/deliveries`, 'viewer');
    expect(deliveries.statusCode).toBe(200);
    const rows = deliveries.json().data.deliveries;
    expect(rows).toHaveLength(2);
    expect(rows.map((d: { recipient: { email: string } }) => d.recipient.email).sort()).toEqual(
      [editor.email, viewer.email].sort(),
    );
    for (const d of rows) {
      expect(d).toMatchObject({ status: 'pending', attempts: 0, error: null, sentAt: null });
      expect(d.messageId).toMatch(new RegExp(`^<sub-${id}\\.\\d+\\.[0-9a-f]{16}@portal\\.example\\.com>$`));
    }
    const onlyOwn = await subscriptionOf('owner');
    expect((await call('GET', `/api/subscriptions/${onlyOwn}/deliveries`, 'viewer')).statusCode).toBe(404);
  });
});

describe('unsubscribing', () => {
  it('works without signing in, from the form a one-click client posts', async () => {
    const id = await subscriptionOf('owner', { recipients: [owner.id, viewer.id] });
    const token = unsubscribeToken(await unsubscribeKey(t.db), id, viewer.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SUBSCRIPTION_MESSAGES.unsubscribed);
    // Twice is fine (a client may post again).
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` })).statusCode).toBe(200);
    const list = (await call('GET', '/api/subscriptions', 'owner')).json().data.subscriptions;
    expect(list.find((s: { id: number }) => s.id === id).recipients.map((r: { id: number }) => r.id)).toEqual(
      [owner.id],
    );
  });

  it('answers 404 to a token nobody has', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${'x'.repeat(43)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SUBSCRIPTION_MESSAGES.unsubscribeInvalid);
  });
});

describe("the administrators' list", () => {
  it('lists every organisation, and with failing=true those whose latest delivery failed', async () => {
    const failing = await subscriptionOf('owner');
    const healthy = await subscriptionOf('owner');
    await t.db.query(
      `INSERT INTO subscription_deliveries (subscription_id, slot, user_id, email, message_id, status, attempts, error)
       VALUES ($1, now() - interval '1 day', $2, $3, '<a@x>', 'sent', 1, NULL),
              ($1, now(), $2, $3, '<b@x>', 'failed', 5, '550 Mailbox unavailable'),
              ($4, now() - interval '1 day', $2, $3, '<c@x>', 'failed', 5, 'Connection refused'),
              ($4, now(), $2, $3, '<d@x>', 'sent', 1, NULL)`,
      [failing, owner.id, owner.email, healthy],
    );
    expect((await call('GET', '/api/admin/subscriptions', 'owner')).statusCode).toBe(403);
    const all = (await call('GET', '/api/admin/subscriptions', 'admin')).json().data.subscriptions;
    expect(all.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([failing, healthy]));
    const res = await call('GET', '/api/admin/subscriptions?failing=true', 'admin');
    const listed = res.json().data.subscriptions;
    expect(listed.map((s: { id: number }) => s.id)).toEqual([failing]);
    expect(listed[0]).toMatchObject({
      lastError: '550 Mailbox unavailable',
      organisation: { id: owner.organisationId, name: 'Olive Owner' },
    });
  });
});
