import { SESSION_LIMITS, SESSION_MESSAGES } from '@insightra/contract';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../helpers/app';
import { bearer, createUser } from '../helpers/factories';
import { startGoogleKeys } from '../helpers/google-stand-in';

/**
 * Connecting Google, disconnecting it and setting a first password add or remove a way into the
 * account: each needs a proof of the owner within SESSION_LIMITS.recentProofSeconds (the session's
 * sign-in, or POST /auth/reauthenticate), so a token alone (a stolen one) cannot do them.
 */
const google = await startGoogleKeys();
afterAll(google.close);
const { app, db } = await createTestApp(google.env);

const MINUTE = 60_000;
let clock = Date.parse('2026-05-04T09:00:00Z');
/** Moves the server's clock (Date only: timers, and so the database driver, run as usual). */
function advance(ms: number) {
  clock += ms;
  vi.setSystemTime(clock);
}
vi.useFakeTimers({ toFake: ['Date'] });
vi.setSystemTime(clock);
afterEach(() => advance(24 * 60 * MINUTE)); // each test starts beyond every earlier test's windows
afterAll(() => vi.useRealTimers());

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const login = async (username: string, password: string) =>
  (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } })).json().data
    .token as string;
const googleSignIn = async (idToken: string) =>
  (await app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken } })).json().data as {
    token: string;
    user: { id: number };
  };
const link = async (token: string, sub: string) =>
  call('POST', '/api/auth/google/link', token, { idToken: await google.idToken({ sub }) });
const unlink = (token: string) => call('DELETE', '/api/auth/google/link', token);
const reauthenticate = (token: string, body: object) => call('POST', '/api/auth/reauthenticate', token, body);
const firstPassword = (token: string) =>
  call('PUT', '/api/auth/password', token, { newPassword: 'brand-new-password' });
const account = async (id: number) =>
  (
    await db.query<{ google_sub: string | null; has_password: boolean; providers: string[] }>(
      'SELECT google_sub, password_hash IS NOT NULL AS has_password, providers FROM users WHERE id = $1',
      [id],
    )
  ).rows[0];
const needsProof = (res: { statusCode: number; json: () => { message: string } }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe(SESSION_MESSAGES.reauthenticationRequired);
};

describe('a recent proof of the owner', () => {
  it('lets a session link Google within 5 minutes of its sign-in, then asks for the password again', async () => {
    const user = await createUser(db, { password: 'owner-password' });
    const token = await login(user.username, 'owner-password');
    advance(SESSION_LIMITS.recentProofSeconds * 1000 - MINUTE);
    expect((await link(token, 'fresh-sub')).statusCode).toBe(200);

    const later = await login(user.username, 'owner-password');
    advance(SESSION_LIMITS.recentProofSeconds * 1000 + 1000);
    needsProof(await unlink(later));
    expect((await account(user.id))?.google_sub).toBe('fresh-sub');

    const wrong = await reauthenticate(later, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SESSION_MESSAGES.reauthenticationPasswordWrong);
    needsProof(await unlink(later));

    const proved = await reauthenticate(later, { password: 'owner-password' });
    expect(proved.statusCode).toBe(200);
    expect(proved.json()).toEqual({ success: true, message: SESSION_MESSAGES.reauthenticated });
    const unlinked = await unlink(later);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().data.user).toMatchObject({ id: user.id, password: true, providers: ['local'] });
    expect(await account(user.id)).toEqual({ google_sub: null, has_password: true, providers: ['local'] });
    expect(unlinked.json().data.token).toEqual(expect.any(String));

    const again = await unlink(later);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SESSION_MESSAGES.googleNotLinked);
  });

  it('a Google-only account proves itself with a fresh Google sign-in of its own Google account', async () => {
    const signedIn = await googleSignIn(await google.idToken({ sub: 'only-google' }));
    const { token } = signedIn;
    advance(6 * MINUTE);
    needsProof(await firstPassword(token));

    const byPassword = await reauthenticate(token, { password: 'anything' });
    expect(byPassword.statusCode).toBe(400);
    expect(byPassword.json().message).toBe(SESSION_MESSAGES.reauthenticationUseGoogle);
    const otherGoogle = await reauthenticate(token, {
      idToken: await google.idToken({ sub: 'someone-else' }),
    });
    expect(otherGoogle.statusCode).toBe(400);
    expect(otherGoogle.json().message).toBe(SESSION_MESSAGES.reauthenticationWrongGoogle);
    const stale = await google.idToken({ sub: 'only-google', iat: Math.floor(clock / 1000) - 10 * 60 });
    expect((await reauthenticate(token, { idToken: stale })).json().message).toBe(
      SESSION_MESSAGES.reauthenticationGoogleStale,
    );
    const forged = await reauthenticate(token, {
      idToken: await google.idToken({ sub: 'only-google', forged: true }),
    });
    expect(forged.statusCode).toBe(401);
    needsProof(await firstPassword(token));

    const proved = await reauthenticate(token, { idToken: await google.idToken({ sub: 'only-google' }) });
    expect(proved.statusCode).toBe(200);
    // Google is this account's only way in: it stays connected until a password is set.
    const onlyWay = await unlink(token);
    expect(onlyWay.statusCode).toBe(409);
    expect(onlyWay.json().message).toBe(SESSION_MESSAGES.googleOnlyWayIn);
    expect((await firstPassword(token)).statusCode).toBe(200);
    expect((await unlink(token)).statusCode).toBe(200);
    expect(await account(signedIn.user.id)).toMatchObject({ google_sub: null, has_password: true });
  });

  it('a stolen token older than 5 minutes links nothing, sets no password and removes nothing', async () => {
    const victim = await createUser(db, { password: 'victim-password' });
    const stolen = await login(victim.username, 'victim-password');
    const googleOnly = await googleSignIn(await google.idToken({ sub: 'victim-google' }));
    advance(30 * MINUTE);

    needsProof(await link(stolen, 'attacker-google'));
    needsProof(await firstPassword(googleOnly.token));
    needsProof(await unlink(googleOnly.token));
    // Guessing the password is a sign-in attempt like any other, and proves nothing.
    expect((await reauthenticate(stolen, { password: 'guess' })).statusCode).toBe(400);
    needsProof(await link(stolen, 'attacker-google'));
    // An ID token of the attacker's own Google account is not the victim's.
    const attackerGoogle = await reauthenticate(googleOnly.token, {
      idToken: await google.idToken({ sub: 'attacker-google' }),
    });
    expect(attackerGoogle.statusCode).toBe(400);
    needsProof(await firstPassword(googleOnly.token));

    expect(await account(victim.id)).toEqual({ google_sub: null, has_password: true, providers: ['local'] });
    expect(await account(googleOnly.user.id)).toEqual({
      google_sub: 'victim-google',
      has_password: false,
      providers: ['google'],
    });
    // The password still changes with the current password, as always: no proof window needed.
    const change = await call('PUT', '/api/auth/password', stolen, {
      currentPassword: 'victim-password',
      newPassword: 'victim-password-2',
    });
    expect(change.statusCode).toBe(200);
  });

  it('refuses a body with neither or both proofs, and an ended session', async () => {
    const user = await createUser(db, { password: 'owner-password' });
    const token = await login(user.username, 'owner-password');
    expect((await reauthenticate(token, {})).statusCode).toBe(400);
    expect(
      (await reauthenticate(token, { password: 'owner-password', idToken: await google.idToken() }))
        .statusCode,
    ).toBe(400);
    await call('POST', '/api/auth/logout', token);
    expect((await reauthenticate(token, { password: 'owner-password' })).statusCode).toBe(401);
  });
});
