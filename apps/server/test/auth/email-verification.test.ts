import { ACCOUNT_MAIL_MESSAGES, EDUCATION, SUBSCRIPTION_MESSAGES, sectorOverview } from '@insightra/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../src/features/auth/first-admin';
import { addMember } from '../../src/features/organisations/organisation-repository';
import { createTestApp } from '../helpers/app';
import { appOn } from '../helpers/app-on';
import { bearer, createReport, createUser, tokenFor } from '../helpers/factories';
import { startGoogleKeys } from '../helpers/google-stand-in';
import { type ReceivedMail, startMailServer } from '../helpers/mail-server';
import { requester, tokenOfLink } from '../helpers/organisation-requests';

/*
 * Proven addresses (docs/decisions/134-mail-trust.md), through a local mail server that counts what it
 * receives: a registration's one link, what an unconfirmed account cannot do, the link itself, asking
 * again, and the other ways an address is proven.
 */

const mail = await startMailServer();
afterAll(mail.close);
const google = await startGoogleKeys();
afterAll(google.close);
const PUBLIC_URL = 'https://portal.example.com';
const { app, db } = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL, ...google.env });
const call = requester(app);

const linkIn = (m: ReceivedMail, page: string) =>
  new RegExp(`${PUBLIC_URL}/${page}/([A-Za-z0-9_-]{43})`).exec(m.text)?.[1];
const mailsTo = (email: string) => mail.received.filter((m) => m.to.includes(email.toLowerCase()));

let seq = 0;
async function register(email = `reg${++seq}@outside.example`, extra: object = {}) {
  const res = await call('POST', '/auth/register', null, {
    username: `reg_${seq}_${Date.now() % 100000}`,
    fullName: 'WIN $1000 NOW at evil.example',
    email,
    password: 'password123',
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { token: res.body.data.token as string, user: res.body.data.user, email };
}

describe('a registration on a server that sends mail', () => {
  it('mails one confirmation link, names no member text in its subject, and confirms once', async () => {
    const { token, user, email } = await register();
    expect(user.emailVerified).toBe(false);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.header('subject')).toBe('Confirm your e-mail address for Insightra');
    const link = linkIn(mails[0]!, 'verify-email')!;
    expect(link).toBeDefined();

    const confirmed = await call('POST', '/auth/verify-email', null, { token: link });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ email, username: user.username });
    expect(confirmed.body.message).toBe(ACCOUNT_MAIL_MESSAGES.verified(email));
    expect((await call('GET', '/auth/me', token)).body.data.user.emailVerified).toBe(true);

    const again = await call('POST', '/auth/verify-email', null, { token: link });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(ACCOUNT_MAIL_MESSAGES.linkInvalid);
  });

  it('refuses an expired link', async () => {
    const { email } = await register();
    const link = linkIn(mailsTo(email)[0]!, 'verify-email')!;
    await db.query("UPDATE account_tokens SET expires_at = now() - interval '1 second'");
    const res = await call('POST', '/auth/verify-email', null, { token: link });
    expect(res.status).toBe(410);
    expect(res.body.message).toBe(ACCOUNT_MAIL_MESSAGES.linkInvalid);
  });

  it('until confirmed: no subscribing, no inviting, no being a recipient, and no other mail', async () => {
    const { token, user, email } = await register();
    const before = mail.received.length;
    const orgId = user.organisation.id as number;
    const report = await createReport(db, user.id, { report_uuid: sectorOverview(EDUCATION).uuid });
    const subscribe = await call('POST', '/subscriptions', token, {
      reportId: report.id,
      cadence: 'daily',
      time: '09:00',
    });
    expect(subscribe.status).toBe(403);
    expect(subscribe.body.message).toBe(ACCOUNT_MAIL_MESSAGES.confirmFirst);
    const invite = await call('POST', `/organisations/${orgId}/invitations`, token, {
      email: 'friend@outside.example',
      role: 'viewer',
    });
    expect(invite.status).toBe(403);

    // A confirmed owner cannot make the unconfirmed member a recipient either.
    const owner = await createUser(db);
    await addMember(db, owner.organisationId!, user.id, 'viewer');
    const ownersReport = await createReport(db, owner.id, { report_uuid: sectorOverview(EDUCATION).uuid });
    const asRecipient = await call('POST', '/subscriptions', await tokenFor(app, owner), {
      reportId: ownersReport.id,
      cadence: 'daily',
      time: '09:00',
      recipients: [owner.id, user.id],
    });
    expect(asRecipient.status).toBe(400);
    expect(asRecipient.body.message).toBe(SUBSCRIPTION_MESSAGES.recipientOutside);
    expect(mail.received.length).toBe(before);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('sends the link again at most 3 times a day in all, then answers 429 with Retry-After', async () => {
    const { token, email } = await register();
    for (let i = 0; i < 2; i++) {
      const again = await call('POST', '/auth/verify-email/resend', token);
      expect(again.status).toBe(200);
      expect(again.body.message).toBe(ACCOUNT_MAIL_MESSAGES.verificationSent(email));
    }
    const refused = await call('POST', '/auth/verify-email/resend', token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(mailsTo(email)).toHaveLength(3);
    // Every link works until one is used; then the others are spent too.
    const links = mailsTo(email).map((m) => linkIn(m, 'verify-email')!);
    expect((await call('POST', '/auth/verify-email', null, { token: links[1] })).status).toBe(200);
    expect((await call('POST', '/auth/verify-email', null, { token: links[2] })).status).toBe(410);
    const done = await call('POST', '/auth/verify-email/resend', token);
    expect(done.status).toBe(409);
    expect(done.body.message).toBe(ACCOUNT_MAIL_MESSAGES.alreadyVerified);
  });
});

describe('other proofs of an address', () => {
  it('Google: an account it makes, and one it signs in whose address is the same, are confirmed', async () => {
    const made = await call('POST', '/auth/google', null, {
      idToken: await google.idToken({ email: 'g-new@gmail.com' }),
    });
    expect(made.status).toBe(200);
    expect(made.body.data.user.emailVerified).toBe(true);

    const { token, email } = await register('linked@gmail.com');
    const me = (await call('GET', '/auth/me', token)).body.data.user;
    await db.query("UPDATE users SET google_sub = 'linked-sub', providers = '{local,google}' WHERE id = $1", [
      me.id,
    ]);
    const signedIn = await call('POST', '/auth/google', null, {
      idToken: await google.idToken({ sub: 'linked-sub', email }),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.emailVerified).toBe(true);
  });

  it("an invitation accepted through its mailed link, never through the owner's copy", async () => {
    const owner = await createUser(db);
    const ownerToken = await tokenFor(app, owner);
    const invite = async (email: string) => {
      const res = await call('POST', `/organisations/${owner.organisationId}/invitations`, ownerToken, {
        email,
        role: 'viewer',
      });
      expect(res.status).toBe(201);
      return { shown: tokenOfLink(res.body.data.link), mailed: linkIn(mailsTo(email).at(-1)!, 'invite')! };
    };
    const first = await invite('invited-by-mail@outside.example');
    const byMail = await register('invited-by-mail@outside.example', { invitationToken: first.mailed });
    expect(byMail.user.emailVerified).toBe(true);
    // No confirmation link was needed, so none was sent: only the invitation.
    expect(mailsTo(byMail.email)).toHaveLength(1);

    const second = await invite('invited-by-copy@outside.example');
    const byCopy = await register('invited-by-copy@outside.example', { invitationToken: second.shown });
    expect(byCopy.user.emailVerified).toBe(false);
  });

  it('administrators made from the command line are confirmed', async () => {
    const created = await createAdmin(db, 'cli_admin', 'cli-admin@insightra.test');
    const res = await call('POST', '/auth/login', null, {
      username: 'cli_admin',
      password: created.password,
    });
    expect(res.body.data.user.emailVerified).toBe(true);
  });
});

describe('an account made before addresses were confirmed', () => {
  it('gets one confirmation link from the first instance that sends mail, and its grace starts', async () => {
    const old = await createUser(db, { emailVerified: false });
    await db.query("UPDATE users SET confirmation_due = true, email_grace_until = 'infinity' WHERE id = $1", [
      old.id,
    ]);
    const instances = [
      await appOn(db, { SMTP_URL: mail.url, PUBLIC_URL }),
      await appOn(db, { SMTP_URL: mail.url, PUBLIC_URL }),
    ];
    try {
      await Promise.all(instances.map((i) => i.app.ready()));
      for (let i = 0; i < 100 && mailsTo(old.email).length === 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      // Another moment for a second link, were one to come.
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await Promise.all(instances.map((i) => i.close()));
    }
    const mails = mailsTo(old.email);
    expect(mails).toHaveLength(1);
    expect(linkIn(mails[0]!, 'verify-email')).toBeDefined();
    const { rows } = await db.query<{ days: number; due: boolean }>(
      'SELECT round(extract(epoch FROM email_grace_until - now()) / 86400)::int AS days, confirmation_due AS due FROM users WHERE id = $1',
      [old.id],
    );
    expect(rows[0]).toEqual({ days: 14, due: false });
  });
});

describe('a server without SMTP_URL', () => {
  it('changes nothing: an unconfirmed account invites, and nothing asks for a confirmation', async () => {
    const noMail = await appOn(db, {});
    afterAll(noMail.close);
    const user = await createUser(db, { emailVerified: false });
    const token = await tokenFor(noMail.app, user);
    const res = await noMail.app.inject({
      method: 'POST',
      url: `/api/organisations/${user.organisationId}/invitations`,
      headers: bearer(token),
      payload: { email: 'someone@outside.example', role: 'viewer' },
    });
    expect(res.statusCode).toBe(201);
    const resend = await noMail.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/resend',
      headers: bearer(token),
    });
    expect(resend.statusCode).toBe(409);
  });
});
