import {
  EDUCATION,
  ORGANISATION_MESSAGES,
  SUBSCRIPTION_LIMITS,
  SUBSCRIPTION_MESSAGES,
  sectorOverview,
} from '@insightra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../src/features/organisations/organisation-repository';
import { DELIVERY_MESSAGES, SubscriptionRunner } from '../../src/features/subscriptions/delivery-runner';
import { SUPPRESSED } from '../../src/features/subscriptions/slots';
import { unsubscribeKey, unsubscribeToken } from '../../src/features/subscriptions/unsubscribe-token';
import { createTestApp } from '../helpers/app';
import { bearer, createReport, createUser, type TestUser, tokenFor } from '../helpers/factories';
import { startMailServer } from '../helpers/mail-server';

/*
 * Mail nobody asked for cannot be multiplied (docs/decisions/134-mail-trust.md), counted at a local mail
 * server: send-now's limits, how many subscriptions there may be, the suppression list an unsubscribe
 * link fills, who may be a recipient, and subjects without members' words.
 */

const mail = await startMailServer();
afterAll(mail.close);
const PUBLIC_URL = 'https://portal.example.com';
const { app, db } = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL });
const runner = () => new SubscriptionRunner(app);

let owner: TestUser;
let editor: TestUser;
let victim: TestUser;
let admin: TestUser;
const headers = {} as Record<'owner' | 'editor' | 'victim' | 'admin', Record<string, string>>;
let reportId: number;

beforeAll(async () => {
  owner = await createUser(db, { fullName: 'Olive Owner' });
  await db.query("UPDATE organisations SET name = 'Cheap Pills Shop' WHERE id = $1", [owner.organisationId]);
  editor = await createUser(db, { organisation: false });
  victim = await createUser(db, { organisation: false, email: 'victim@outside.example' });
  await addMember(db, owner.organisationId!, editor.id, 'editor');
  await addMember(db, owner.organisationId!, victim.id, 'viewer');
  admin = await createUser(db, { role: 'admin', organisation: false, email: 'staff@insightra.example' });
  for (const [name, user] of Object.entries({ owner, editor, victim, admin })) {
    headers[name as keyof typeof headers] = bearer(await tokenFor(app, user));
  }
  reportId = (
    await createReport(db, owner.id, {
      report_type: 'WIN $1000 NOW at evil.example',
      report_uuid: sectorOverview(EDUCATION).uuid,
    })
  ).id;
});

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  who: keyof typeof headers | null,
  payload?: object,
) => app.inject({ method, url, headers: who ? headers[who] : {}, ...(payload ? { payload } : {}) });
const subscribe = (who: keyof typeof headers, body: object = {}) =>
  call('POST', '/api/subscriptions', who, { reportId, cadence: 'daily', time: '09:00', ...body });
async function subscriptionOf(who: keyof typeof headers, body: object = {}) {
  const res = await subscribe(who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.subscription.id as number;
}
/** A new day (and ten minutes on) for send-now: each test sends within its own share. */
const newDay = () => db.query("DELETE FROM rate_limit_windows WHERE bucket LIKE 'send-now:%'");
const mailsTo = (email: string, since = 0) => mail.received.slice(since).filter((m) => m.to.includes(email));
const deliveriesOf = async (id: number) =>
  (await call('GET', `/api/subscriptions/${id}/deliveries`, 'owner')).json().data.deliveries as {
    status: string;
    error: string | null;
    recipient: { id: number | null; email: string | null };
  }[];

describe('send-now', () => {
  it('sends a subscription at most once per 10 minutes, with Retry-After', async () => {
    const id = await subscriptionOf('owner');
    expect((await call('POST', `/api/subscriptions/${id}/send-now`, 'owner')).statusCode).toBe(200);
    const again = await call('POST', `/api/subscriptions/${id}/send-now`, 'owner');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(500);
    expect(again.json().message).toMatch(/send it again in 10 minutes/);
  });

  it(`sends at most ${SUBSCRIPTION_LIMITS.sendNowPerMemberPerDay} a day per member`, async () => {
    const editorsOwn = await subscriptionOf('editor');
    await newDay();
    const ids = await db.query<{ id: number }>('SELECT id FROM subscriptions WHERE created_by = $1', [
      owner.id,
    ]);
    const owners = ids.rows.map((r) => r.id);
    while (owners.length < SUBSCRIPTION_LIMITS.sendNowPerMemberPerDay)
      owners.push(await subscriptionOf('owner'));
    for (const id of owners) {
      expect((await call('POST', `/api/subscriptions/${id}/send-now`, 'owner')).statusCode).toBe(200);
    }
    // The owner may send the editor's too, but not beyond the day's share.
    const refused = await call('POST', `/api/subscriptions/${editorsOwn}/send-now`, 'owner');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      SUBSCRIPTION_MESSAGES.sendNowTooMany(Number(refused.headers['retry-after'])),
    );
    // The editor's own share is untouched.
    expect((await call('POST', `/api/subscriptions/${editorsOwn}/send-now`, 'editor')).statusCode).toBe(200);
  });
});

describe('how many subscriptions there may be', () => {
  it(`at most ${SUBSCRIPTION_LIMITS.perMember} per member and ${SUBSCRIPTION_LIMITS.perOrganisation} per organisation`, async () => {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM subscriptions WHERE created_by = $1',
      [owner.id],
    );
    for (let n = rows[0]!.n; n < SUBSCRIPTION_LIMITS.perMember; n++) await subscriptionOf('owner');
    const mine = await subscribe('owner');
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toBe(SUBSCRIPTION_MESSAGES.tooManyForMember);

    await db.query(
      `INSERT INTO subscriptions (organisation_id, report_id, created_by, cadence, time, time_zone)
       SELECT $1, $2, NULL, 'daily', '09:00', 'Asia/Kolkata'
         FROM generate_series(1, $3 - (SELECT count(*)::int FROM subscriptions WHERE organisation_id = $1))`,
      [owner.organisationId, reportId, SUBSCRIPTION_LIMITS.perOrganisation],
    );
    const theirs = await subscribe('editor');
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toBe(SUBSCRIPTION_MESSAGES.tooManyForOrganisation);
    await db.query('DELETE FROM subscriptions WHERE organisation_id = $1 AND created_by IS NULL', [
      owner.organisationId,
    ]);
    await db.query('DELETE FROM subscriptions WHERE created_by = $1', [owner.id]);
  });
});

describe('a subscription mail', () => {
  it('names the site and the kind of mail in its subject, the report and organisation in its body', async () => {
    const id = await subscriptionOf('owner', { recipients: [owner.id] });
    const before = mail.received.length;
    await newDay();
    await call('POST', `/api/subscriptions/${id}/send-now`, 'owner');
    await runner().tick();
    const [sent] = mailsTo(owner.email, before);
    expect(sent?.header('subject')).toBe('Your scheduled report from Insightra');
    expect(sent?.text).toContain('WIN $1000 NOW at evil.example — Cheap Pills Shop');
  });
});

describe('the unsubscribe link', () => {
  it('names the report and organisation, says what was done, and offers everything from the organisation', async () => {
    const id = await subscriptionOf('owner', { recipients: [owner.id, victim.id] });
    const token = unsubscribeToken(await unsubscribeKey(db), id, victim.id);
    const info = async () => (await call('GET', `/api/unsubscribe/${token}`, null)).json().data;
    expect(await info()).toEqual({
      reportName: 'WIN $1000 NOW at evil.example',
      organisationName: 'Cheap Pills Shop',
      unsubscribed: false,
      organisationUnsubscribed: false,
    });
    expect((await call('POST', `/api/unsubscribe/${token}`, null)).statusCode).toBe(200);
    expect(await info()).toMatchObject({ unsubscribed: true, organisationUnsubscribed: false });

    const everything = await call('POST', `/api/unsubscribe/${token}`, null, { scope: 'organisation' });
    expect(everything.statusCode).toBe(200);
    expect(everything.json().message).toBe(
      SUBSCRIPTION_MESSAGES.unsubscribedOrganisation('Cheap Pills Shop'),
    );
    expect(await info()).toMatchObject({ unsubscribed: true, organisationUnsubscribed: true });
  });

  it('keeps the address suppressed: a new subscription records `suppressed`, an invitation is not mailed', async () => {
    const before = mail.received.length;
    const id = await subscriptionOf('owner', { recipients: [owner.id, victim.id] });
    await newDay();
    await call('POST', `/api/subscriptions/${id}/send-now`, 'owner');
    await runner().tick();
    const byId = Object.fromEntries((await deliveriesOf(id)).map((d) => [d.recipient.id, d]));
    expect(byId[victim.id]).toMatchObject({ status: 'suppressed', error: SUPPRESSED });
    expect(byId[owner.id]?.status).toBe('sent');

    expect(mailsTo(victim.email, before)).toHaveLength(0);
  });

  it('keeps an invitation to a suppressed address from being mailed; the owner still has the link', async () => {
    const former = await createUser(db, { organisation: false, email: 'former@outside.example' });
    await addMember(db, owner.organisationId!, former.id, 'viewer');
    const id = await subscriptionOf('owner', { recipients: [owner.id, former.id] });
    const token = unsubscribeToken(await unsubscribeKey(db), id, former.id);
    await call('POST', `/api/unsubscribe/${token}`, null, { scope: 'organisation' });
    await db.query('DELETE FROM memberships WHERE user_id = $1', [former.id]);
    const before = mail.received.length;
    const invited = await call('POST', `/api/organisations/${owner.organisationId}/invitations`, 'owner', {
      email: 'Former@Outside.example',
      role: 'viewer',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().message).toBe(ORGANISATION_MESSAGES.invitedNotMailed);
    expect(invited.json().data.link).toMatch(/\/invite\//);
    expect(mail.received.length).toBe(before);
  });

  it('is lifted only by the address owner subscribing themselves', async () => {
    const own = await subscribe('victim');
    expect(own.statusCode).toBe(201);
    const before = mail.received.length;
    await call('POST', `/api/subscriptions/${own.json().data.subscription.id}/send-now`, 'victim');
    await runner().tick();
    expect(mailsTo(victim.email, before)).toHaveLength(1);
  });
});

describe('recipients are the organisation’s members', () => {
  it('refuses an administrator, an outsider and an unknown id with the same answer', async () => {
    const outsider = await createUser(db);
    const answers = await Promise.all(
      [admin.id, outsider.id, 2_000_000].map((id) => subscribe('owner', { recipients: [owner.id, id] })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json().message).toBe(SUBSCRIPTION_MESSAGES.recipientOutside);
  });

  it('takes an administrator only while working there, and never shows their address to members', async () => {
    await db.query('UPDATE users SET default_organisation_id = $1 WHERE id = $2', [
      owner.organisationId,
      admin.id,
    ]);
    const adminToken = bearer(
      await app.auth.signSession(admin.id, { role: 'admin', username: admin.username }),
    );
    const made = await app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: adminToken,
      payload: { reportId, cadence: 'daily', time: '09:00', recipients: [admin.id, owner.id] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.subscription.id as number;
    const list = await call('GET', '/api/subscriptions', 'owner');
    expect(list.body).not.toContain(admin.email);
    const listed = list.json().data.subscriptions.find((s: { id: number }) => s.id === id);
    expect(listed.recipients.find((r: { id: number }) => r.id === admin.id).email).toBeNull();

    // Working elsewhere now: at the next send the administrator is no recipient any more.
    await db.query('UPDATE users SET default_organisation_id = NULL WHERE id = $1', [admin.id]);
    const before = mail.received.length;
    await newDay();
    await call('POST', `/api/subscriptions/${id}/send-now`, 'owner');
    await runner().tick();
    expect(mailsTo(admin.email, before)).toHaveLength(0);
    const toAdmin = (await deliveriesOf(id)).find((d) => d.recipient.id === admin.id);
    expect(toAdmin).toMatchObject({ status: 'skipped', error: DELIVERY_MESSAGES.leftOrganisation });
    expect(toAdmin?.recipient.email).toBeNull();
  });
});

describe('an account older than confirmation', () => {
  it('keeps receiving in its grace, then is skipped with the reason until it confirms', async () => {
    const old = await createUser(db, { organisation: false, emailVerified: false });
    await addMember(db, owner.organisationId!, old.id, 'viewer');
    await db.query("UPDATE users SET email_grace_until = now() + interval '14 days' WHERE id = $1", [old.id]);
    // Made before the limits: added as a recipient then.
    const id = await subscriptionOf('owner', { recipients: [owner.id] });
    const { rows } = await db.query<{ token_hash: string }>(
      'SELECT unsubscribe_token_hash AS token_hash FROM subscription_recipients WHERE subscription_id = $1',
      [id],
    );
    await db.query(
      'INSERT INTO subscription_recipients (subscription_id, user_id, unsubscribe_token_hash) VALUES ($1, $2, $3)',
      [id, old.id, `${rows[0]!.token_hash}-old`],
    );
    const sendNow = async () => {
      await newDay();
      await call('POST', `/api/subscriptions/${id}/send-now`, 'owner');
      await new Promise((r) => setTimeout(r, 1000));
      await runner().tick();
    };
    const before = mail.received.length;
    await sendNow();
    expect(mailsTo(old.email, before)).toHaveLength(1);

    await db.query("UPDATE users SET email_grace_until = now() - interval '1 second' WHERE id = $1", [
      old.id,
    ]);
    await sendNow();
    expect(mailsTo(old.email, before)).toHaveLength(1);
    const latest = (await deliveriesOf(id)).find((d) => d.recipient.id === old.id);
    expect(latest).toMatchObject({
      status: 'skipped',
      error: 'Skipped: Confirm your address to keep receiving these mails',
    });
  });
});
