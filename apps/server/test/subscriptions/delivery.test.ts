import {
  EXPORT_MESSAGES,
  formatValue,
  SECTOR_DECLARATIONS,
  SUBSCRIPTION_MESSAGES,
  sectorOverview,
} from '@insightra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../src/features/organisations/organisation-repository';
import { DELIVERY_MESSAGES, SubscriptionRunner } from '../../src/features/subscriptions/delivery-runner';
import { reportForMail } from '../../src/features/subscriptions/report-for-mail';
import { NO_NEW_DATA } from '../../src/features/subscriptions/slots';
import { createTestApp } from '../helpers/app';
import { appOn } from '../helpers/app-on';
import { seedUpload } from '../helpers/dataset';
import { bearer, createReport, createUser, type TestUser, tokenFor } from '../helpers/factories';
import { type ReceivedMail, startMailServer } from '../helpers/mail-server';
import { refreshNow } from '../helpers/refresh';
import { sectorIdOf } from '../helpers/sector-rows';

/*
 * Scheduled mails through a real (local) mail server: a due slot sent once with its KPI cards and PDF,
 * the report drawn once per slot, a resend after a lost commit, retries, skips and departures. The
 * runners here are driven tick by tick; the last test lets a listening app run its own.
 */

const mail = await startMailServer();
afterAll(mail.close);
const PUBLIC_URL = 'https://portal.example.com/insightra';
const { app, db } = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL });

const education = SECTOR_DECLARATIONS.find((d) => sectorIdOf(d) === 1)!;
let renders = 0;
/** A runner of this app (another instance's, for another `owner`), counting the reports it draws. */
const runner = (options: { owner?: string; retryBaseMs?: number } = {}) =>
  new SubscriptionRunner(app, {
    ...options,
    render: (organisationId, reportId) => {
      renders++;
      return reportForMail(app, organisationId, reportId);
    },
  });

let owner: TestUser;
let editor: TestUser;
let session: Record<string, string>;
let adminSession: Record<string, string>;
let reportId: number;

beforeAll(async () => {
  owner = await createUser(db, { fullName: 'Olive Owner' });
  await db.query("UPDATE organisations SET name = 'Acme School' WHERE id = $1", [owner.organisationId]);
  editor = await createUser(db, { organisation: false });
  await addMember(db, owner.organisationId!, editor.id, 'editor');
  session = bearer(await tokenFor(app, owner));
  adminSession = bearer(await tokenFor(app, await createUser(db, { role: 'admin', organisation: false })));
  reportId = (
    await createReport(db, owner.id, { report_type: 'Overview', report_uuid: sectorOverview(education).uuid })
  ).id;
  await seedUpload(db, owner.id, [
    { student_id: 'S1', gender: 'Female', grade: 'A', project_submitted: true, score: 91 },
    { student_id: 'S2', gender: 'Male', grade: 'B', project_submitted: false, score: 64 },
  ]);
  expect(await refreshNow(app, session)).toBe('completed');
}, 60_000);

/** A new subscription of the report tab, due now (its slot a second ago). */
async function dueSubscription(body: object = {}): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: session,
    payload: { reportId, cadence: 'daily', time: '09:00', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json().data.subscription;
  await db.query(
    "UPDATE subscriptions SET next_run_at = date_trunc('second', now()) - interval '1 second' WHERE id = $1",
    [id],
  );
  return id;
}

const deliveriesOf = async (id: number) =>
  (await app.inject({ url: `/api/subscriptions/${id}/deliveries`, headers: session })).json().data
    .deliveries as {
    status: string;
    attempts: number;
    error: string | null;
    messageId: string;
    recipient: { id: number | null; email: string | null };
  }[];

const mailsTo = (email: string, since: number) =>
  mail.received.slice(since).filter((m) => m.to.includes(email));

describe('a due slot', () => {
  it('is sent once to each recipient, with the KPI cards, the PDF and a working unsubscribe link', async () => {
    const id = await dueSubscription({ recipients: [owner.id, editor.id] });
    const before = mail.received.length;
    const drawn = renders;
    await runner().tick();
    await runner().tick();
    expect(renders - drawn).toBe(1);
    const mails = mail.received.slice(before);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([owner.email, editor.email].sort());

    const deliveries = await deliveriesOf(id);
    expect(deliveries.map((d) => [d.status, d.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
    const { kpis } = await reportForMail(app, owner.organisationId!, reportId);
    expect(kpis.some((k) => k.value !== null)).toBe(true);
    const toOwner = mailsTo(owner.email, before)[0]!;
    // The subject names the site and the kind of mail; the report and organisation are in the body.
    expect(toOwner.header('subject')).toBe('Your scheduled report from Insightra');
    expect(toOwner.text).toContain('Overview — Acme School');
    expect(toOwner.header('message-id')).toBe(
      deliveries.find((d) => d.recipient.email === owner.email)!.messageId,
    );
    expect(toOwner.header('message-id')).toMatch(
      new RegExp(`^<sub-${id}\\.\\d+\\.[0-9a-f]{16}@portal\\.example\\.com>$`),
    );
    for (const k of kpis) expect(toOwner.text).toContain(`${k.label}: ${formatValue(k.value, k.format)}`);
    expect(toOwner.text).toContain(`${PUBLIC_URL}/dashboard?report=${reportId}`);
    // The PDF rides along, base64 of "%PDF-".
    expect(toOwner.raw).toMatch(/Content-Type: application\/pdf; name="?Overview \d{4}-\d{2}-\d{2}\.pdf/);
    expect(toOwner.raw).toContain('JVBERi0');

    expect(toOwner.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(toOwner.header('list-unsubscribe')!)![1]!;
    const token = oneClick.slice(`${PUBLIC_URL}/api/unsubscribe/`.length);
    expect(oneClick).toBe(`${PUBLIC_URL}/api/unsubscribe/${token}`);
    expect(toOwner.text).toContain(`${PUBLIC_URL}/unsubscribe/${token}`);
    // A mail client's one-click unsubscribe, without signing in.
    const unsubscribed = await app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);

    const next = (
      await db.query<{ next_run_at: Date; last_sent_at: Date }>(
        'SELECT next_run_at, last_sent_at FROM subscriptions WHERE id = $1',
        [id],
      )
    ).rows[0]!;
    expect(new Date(next.next_run_at).getTime()).toBeGreaterThan(Date.now());
    expect(next.last_sent_at).not.toBeNull();

    // The next send reaches only the recipient who stayed.
    const later = mail.received.length;
    expect(
      (await app.inject({ method: 'POST', url: `/api/subscriptions/${id}/send-now`, headers: session }))
        .statusCode,
    ).toBe(200);
    await runner().tick();
    expect(mail.received.slice(later).map((m) => m.to[0])).toEqual([editor.email]);
  });

  it('draws a report once for every subscription due in the same slot, and sends over one connection', async () => {
    const ids = [await dueSubscription(), await dueSubscription(), await dueSubscription()];
    await db.query("UPDATE subscriptions SET next_run_at = date_trunc('minute', now()) WHERE id = ANY($1)", [
      ids,
    ]);
    const before = mail.received.length;
    const connections = mail.connections;
    const drawn = renders;
    await runner().tick();
    expect(renders - drawn).toBe(1);
    expect(mail.received.length - before).toBe(3);
    expect(mail.connections - connections).toBe(1);
  });
});

describe('a mail the server accepted but the database never recorded', () => {
  it('is sent again with the same Message-ID', async () => {
    const id = await dueSubscription();
    const before = mail.received.length;
    let first = true;
    // The instance stalls past its lease while the mail server accepts (as one that died would): its
    // commit is refused, and the delivery is claimed again.
    mail.beforeAccepting = async () => {
      if (!first) return;
      first = false;
      await db.query(
        "UPDATE subscription_deliveries SET lease_expires_at = now() - interval '1 second' WHERE subscription_id = $1",
        [id],
      );
    };
    try {
      await runner({ owner: 'dying' }).tick();
      await runner({ owner: 'taking-over' }).tick();
    } finally {
      mail.beforeAccepting = null;
    }
    const mails = mail.received.slice(before);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.header('message-id')).toBe(mails[1]!.header('message-id'));
    expect((await deliveriesOf(id)).map((d) => [d.status, d.attempts])).toEqual([['sent', 2]]);
  });
});

describe('a failing delivery', () => {
  it('is retried with backoff, its reason listed, until it fails for good and shows to administrators', async () => {
    const id = await dueSubscription();
    mail.beforeAccepting = () => {
      throw new Error('Mailbox unavailable');
    };
    const delays: number[] = [];
    try {
      for (let attempt = 1; attempt <= 5; attempt++) {
        await runner({ retryBaseMs: 60_000 }).tick();
        const { rows } = await db.query<{ wait_s: number }>(
          `SELECT extract(epoch FROM next_attempt_at - now())::float AS wait_s FROM subscription_deliveries
            WHERE subscription_id = $1`,
          [id],
        );
        delays.push(Math.round(rows[0]!.wait_s / 60));
        const [delivery] = await deliveriesOf(id);
        expect(delivery).toMatchObject({ attempts: attempt, status: attempt < 5 ? 'pending' : 'failed' });
        // The member reads a reason written for them; administrators the mail server's own words.
        expect(delivery!.error).toBe(SUBSCRIPTION_MESSAGES.mailRefused);
        const failing = await app.inject({
          url: '/api/admin/subscriptions?failing=true',
          headers: adminSession,
        });
        const listed = failing.json().data.subscriptions.find((s: { id: number }) => s.id === id);
        // Listed as failing from the first failed attempt, not only once the retries are spent.
        expect(listed?.lastError).toContain('Mailbox unavailable');
        // Time passes until the retry is due.
        await db.query(
          'UPDATE subscription_deliveries SET next_attempt_at = now() WHERE subscription_id = $1',
          [id],
        );
      }
    } finally {
      mail.beforeAccepting = null;
    }
    // Minutes to the next attempt: 1, 2, 4, 8.
    expect(delays.slice(0, 4)).toEqual([1, 2, 4, 8]);
    await runner().tick();
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'failed', attempts: 5 });

    const list = (await app.inject({ url: '/api/subscriptions', headers: session })).json().data
      .subscriptions;
    expect(list.find((s: { id: number }) => s.id === id).lastError).toBe(SUBSCRIPTION_MESSAGES.mailRefused);
    const failing = await app.inject({ url: '/api/admin/subscriptions?failing=true', headers: adminSession });
    expect(failing.json().data.subscriptions.map((s: { id: number }) => s.id)).toContain(id);
  });
});

describe('a report that cannot be drawn', () => {
  it('fails its deliveries with the reason a member reads, to be tried again', async () => {
    const tab = await createReport(db, owner.id, { report_uuid: sectorOverview(education).uuid });
    const id = await dueSubscription({ reportId: tab.id });
    // Its tab now shows a report that is no built-in one.
    await db.query("UPDATE reports SET report_uuid = 'not-a-template' WHERE id = $1", [tab.id]);
    const before = mail.received.length;
    await runner().tick();
    expect(mail.received.length).toBe(before);
    expect(await deliveriesOf(id)).toMatchObject([
      { status: 'pending', attempts: 1, error: EXPORT_MESSAGES.notExportable },
    ]);
  });
});

describe('skipping and leaving', () => {
  it('skips a slot when asked and no refresh brought new data since the last send', async () => {
    const id = await dueSubscription({ skipWithoutNewData: true });
    await db.query("UPDATE subscriptions SET last_sent_at = now() + interval '1 second' WHERE id = $1", [id]);
    const before = mail.received.length;
    await runner().tick();
    expect(mail.received.length).toBe(before);
    expect(await deliveriesOf(id)).toMatchObject([{ status: 'skipped', error: NO_NEW_DATA, attempts: 0 }]);

    // New data since: the next slot is sent.
    await db.query(
      "UPDATE report_refresh_state SET data_as_of = now() + interval '2 seconds' WHERE organisation_id = $1",
      [owner.organisationId],
    );
    await db.query("UPDATE subscriptions SET next_run_at = date_trunc('second', now()) WHERE id = $1", [id]);
    await runner().tick();
    expect(mailsTo(owner.email, before)).toHaveLength(1);
  });

  it('drops a recipient who left the organisation at send time', async () => {
    const leaving = await createUser(db, { organisation: false });
    await addMember(db, owner.organisationId!, leaving.id, 'viewer');
    const id = await dueSubscription({ recipients: [owner.id, leaving.id] });
    await db.query('DELETE FROM memberships WHERE organisation_id = $1 AND user_id = $2', [
      owner.organisationId,
      leaving.id,
    ]);
    const before = mail.received.length;
    await runner().tick();
    expect(mail.received.slice(before).map((m: ReceivedMail) => m.to[0])).toEqual([owner.email]);
    const byId = Object.fromEntries((await deliveriesOf(id)).map((d) => [d.recipient.id, d]));
    // Skipped with the reason; the former member's address is no longer shown to the organisation.
    expect(byId[leaving.id]).toMatchObject({
      status: 'skipped',
      error: DELIVERY_MESSAGES.leftOrganisation,
      recipient: { id: leaving.id, email: null },
    });
    expect(byId[owner.id]?.recipient.email).toBe(owner.email);
    const list = (await app.inject({ url: '/api/subscriptions', headers: session })).json().data
      .subscriptions;
    expect(list.find((s: { id: number }) => s.id === id).recipients.map((r: { id: number }) => r.id)).toEqual(
      [owner.id],
    );
  });
});

describe("a listening instance's own runner", () => {
  it('sends a due slot without being asked, and stops when the app closes', async () => {
    const instance = await appOn(db, { SMTP_URL: mail.url, PUBLIC_URL });
    const id = await dueSubscription();
    const before = mail.received.length;
    await instance.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (let i = 0; i < 100 && mail.received.length === before; i++)
        await new Promise((r) => setTimeout(r, 100));
    } finally {
      await instance.close();
    }
    expect(mailsTo(owner.email, before)).toHaveLength(1);
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
