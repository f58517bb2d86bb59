import { ACCOUNT_MAIL_MESSAGES } from '@insightra/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { appOn } from '../helpers/app-on';
import { bearer, createUser, tokenFor } from '../helpers/factories';
import { type ReceivedMail, startMailServer } from '../helpers/mail-server';
import { requester } from '../helpers/organisation-requests';

/*
 * "Forgot password?" through a local mail server: the same answer whether or not an account has the
 * address, a link only to a confirmed one, single use within 30 minutes, every other session ended and a
 * mail that says so; and, without SMTP_URL, the administrator's way.
 */

const mail = await startMailServer();
afterAll(mail.close);
const PUBLIC_URL = 'https://portal.example.com';
const { app, db } = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL });
const call = requester(app);

const mailsTo = (email: string) => mail.received.filter((m) => m.to.includes(email));
const resetLinkIn = (m: ReceivedMail) =>
  new RegExp(`${PUBLIC_URL}/reset-password/([A-Za-z0-9_-]{43})`).exec(m.text)?.[1];
/** Waits for the mails sent after an answer (a reset link goes out once the answer has left). */
async function settle(count: () => number, expected: number) {
  for (let i = 0; i < 100 && count() < expected; i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 100));
}
let n = 0;
const forgot = (email: string, address = `198.51.100.${++n}`) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: address,
  });

describe('forgot password', () => {
  it('answers alike for an unknown, an unconfirmed and a confirmed address, and mails only the confirmed one', async () => {
    const confirmed = await createUser(db);
    const unconfirmed = await createUser(db, { emailVerified: false });
    const answers = await Promise.all(
      [confirmed.email.toUpperCase(), unconfirmed.email, 'nobody@outside.example'].map((e) => forgot(e)),
    );
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.json().message).toBe(ACCOUNT_MAIL_MESSAGES.resetRequested);
    }
    await settle(() => mailsTo(confirmed.email).length, 1);
    expect(mailsTo(confirmed.email)).toHaveLength(1);
    expect(mailsTo(confirmed.email)[0]!.header('subject')).toBe('Reset your Insightra password');
    expect(mailsTo(unconfirmed.email)).toHaveLength(0);
    expect(mail.received.filter((m) => m.to.includes('nobody@outside.example'))).toHaveLength(0);
  });

  it('sets the password once with the link, ends every other session, and mails a confirmation', async () => {
    const user = await createUser(db);
    const before = await tokenFor(app, user);
    await forgot(user.email);
    await settle(() => mailsTo(user.email).length, 1);
    const token = resetLinkIn(mailsTo(user.email)[0]!)!;

    const reset = await call('POST', '/auth/reset-password', null, { token, password: 'brand-new-pass' });
    expect(reset.status).toBe(200);
    expect(reset.body.data.token).toBeTruthy();
    expect((await call('GET', '/auth/me', before)).status).toBe(401);
    expect((await call('GET', '/auth/me', reset.body.data.token)).status).toBe(200);
    const login = await call('POST', '/auth/login', null, {
      username: user.username,
      password: 'brand-new-pass',
    });
    expect(login.status).toBe(200);
    const changed = mailsTo(user.email).filter(
      (m) => m.header('subject') === 'Your Insightra password was changed',
    );
    expect(changed).toHaveLength(1);

    const again = await call('POST', '/auth/reset-password', null, { token, password: 'another-pass' });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(ACCOUNT_MAIL_MESSAGES.linkInvalid);
  });

  it('refuses a link older than 30 minutes', async () => {
    const user = await createUser(db);
    await forgot(user.email);
    await settle(() => mailsTo(user.email).length, 1);
    const token = resetLinkIn(mailsTo(user.email)[0]!)!;
    await db.query("UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      user.id,
    ]);
    const res = await call('POST', '/auth/reset-password', null, { token, password: 'brand-new-pass' });
    expect(res.status).toBe(410);
  });

  it('mails an account at most 3 links an hour (the answer stays the same), and takes 20 requests per address', async () => {
    const user = await createUser(db);
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).statusCode).toBe(200);
    await settle(() => mailsTo(user.email).length, 3);
    expect(mailsTo(user.email)).toHaveLength(3);

    const address = '203.0.113.9';
    for (let i = 0; i < 20; i++)
      expect((await forgot(`x${i}@outside.example`, address)).statusCode).toBe(200);
    const refused = await forgot('x21@outside.example', address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a password changed from the profile is confirmed by mail too', async () => {
    const user = await createUser(db);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(await tokenFor(app, user)),
      payload: { currentPassword: user.password, newPassword: 'changed-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(mailsTo(user.email).map((m) => m.header('subject'))).toEqual([
      'Your Insightra password was changed',
    ]);
  });
});

describe('without SMTP_URL', () => {
  it('says to ask an administrator, who resets it from the command line', async () => {
    const noMail = await appOn(db, {});
    afterAll(noMail.close);
    const user = await createUser(db);
    const res = await noMail.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ACCOUNT_MAIL_MESSAGES.resetByAdministrator);
  });
});
