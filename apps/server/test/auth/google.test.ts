import { SESSION_MESSAGES } from '@insightra/contract';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { bearer, createUser } from '../helpers/factories';
import { type IdTokenOptions, startGoogleKeys } from '../helpers/google-stand-in';

const keys = await startGoogleKeys();
afterAll(keys.close);
const { app, db } = await createTestApp(keys.env);
const idToken = keys.idToken;

const google = (token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken: token } });

describe('POST /api/auth/google', () => {
  it('creates a new user with provider google and signs them in', async () => {
    const res = await google(await idToken({ email: 'new.person@gmail.com', name: 'New Person' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Google login successful');
    expect(res.json().data.user).toMatchObject({
      username: 'new.person',
      email: 'new.person@gmail.com',
      full_name: 'New Person',
      password: false,
      providers: ['google'],
      role: 'member',
    });
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(res.json().data.token),
    });
    expect(me.json().data.user.email).toBe('new.person@gmail.com');
  });

  it('accepts the issuer without https too, and signs the same Google account in again', async () => {
    const first = await google(await idToken({ iss: 'accounts.google.com', sub: 'same-sub' }));
    expect(first.statusCode).toBe(200);
    const again = await google(await idToken({ sub: 'same-sub', email: 'changed@gmail.com' }));
    expect(again.json().data.user.id).toBe(first.json().data.user.id);
  });

  it('never signs in to an existing account by e-mail alone: 409, no session, nothing linked', async () => {
    const user = await createUser(db, { email: 'Existing.Member@Example.com' });
    const sessions = () =>
      db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions').then((r) => r.rows[0]!.n);
    const before = await sessions();
    const res = await google(await idToken({ email: 'existing.member@example.com' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: SESSION_MESSAGES.googleEmailTaken });
    expect(res.json().message).toMatch(/sign in with your password, then connect Google from your profile/i);
    expect(await sessions()).toBe(before);
    const { rows } = await db.query('SELECT google_sub, providers FROM users WHERE id = $1', [user.id]);
    expect(rows[0]).toEqual({ google_sub: null, providers: ['local'] });
    const taken = await google(await idToken({ email: `${user.username}@other.com` }));
    expect(taken.json().data.user.username).toBe(`${user.username}2`);
  });

  it.each([
    ['another audience', { aud: 'someone-else.apps.googleusercontent.com' }, 401],
    ['another issuer', { iss: 'https://evil.example.com' }, 401],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 600 }, 401],
    ['an unknown key id', { kid: 'key-2' }, 401],
    ['a signature by another key', { forged: true }, 401],
    ['an unverified email', { claims: { email_verified: false } }, 401],
  ] as const)('refuses %s', async (_name, options, status) => {
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    const res = await google(await idToken(options as IdTokenOptions));
    expect(res.statusCode).toBe(status);
    expect(res.json().success).toBe(false);
    expect(res.json().message.length).toBeGreaterThan(5);
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('refuses a tampered payload, alg none and an HS256 token', async () => {
    const good = await idToken();
    const [h, p, s] = good.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...payload, email: 'victim@gmail.com' })).toString(
      'base64url',
    );
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`;
    const hs = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', kid: 'key-1' })
      .sign(new TextEncoder().encode('x'.repeat(32)));
    for (const token of [`${h}.${forgedPayload}.${s}`, none, hs, 'garbage']) {
      const res = await google(token);
      expect(res.statusCode, token.slice(0, 30)).toBe(401);
      expect(res.json().message).toMatch(/Google/);
    }
    expect((await app.inject({ method: 'POST', url: '/api/auth/google', payload: {} })).statusCode).toBe(400);
  });
});

const login = (username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const link = (token: string | null, idTokenValue: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/google/link',
    headers: token ? bearer(token) : {},
    payload: { idToken: idTokenValue },
  });
const meStatus = async (token: string) =>
  (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode;

describe('POST /api/auth/google/link', () => {
  it('connects Google to the signed-in account, ends its other sessions, and both ways sign in after', async () => {
    const user = await createUser(db, { email: 'owner@example.com', password: 'owner-password' });
    const here = (await login(user.username, 'owner-password')).json().data.token as string;
    const elsewhere = (await login(user.username, 'owner-password')).json().data.token as string;
    const res = await link(here, await idToken({ sub: 'owner-sub', email: 'owner@example.com' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SESSION_MESSAGES.googleLinked);
    expect(res.json().data.user).toMatchObject({
      id: user.id,
      password: true,
      providers: ['local', 'google'],
    });
    expect(await meStatus(res.json().data.token)).toBe(200);
    expect(await meStatus(here)).toBe(200);
    expect(await meStatus(elsewhere)).toBe(401);
    const viaGoogle = await google(await idToken({ sub: 'owner-sub', email: 'owner@example.com' }));
    expect(viaGoogle.statusCode).toBe(200);
    expect(viaGoogle.json().data.user.id).toBe(user.id);
    expect((await login(user.username, 'owner-password')).statusCode).toBe(200);
  });

  it('refuses a Google account connected to another user (409), a bad ID token and no bearer', async () => {
    const first = await google(await idToken({ sub: 'taken-sub' }));
    expect(first.statusCode).toBe(200);
    const user = await createUser(db);
    const token = (await login(user.username, user.password)).json().data.token as string;
    const taken = await link(token, await idToken({ sub: 'taken-sub' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(SESSION_MESSAGES.googleLinkedElsewhere);
    const bad = await link(token, await idToken({ aud: 'someone-else.apps.googleusercontent.com' }));
    expect(bad.statusCode).toBe(401);
    expect((await link(null, await idToken())).statusCode).toBe(401);
    const { rows } = await db.query('SELECT google_sub FROM users WHERE id = $1', [user.id]);
    expect(rows[0]).toEqual({ google_sub: null });
    expect(await meStatus(token)).toBe(200);
  });
});

describe('POST /api/auth/google without GOOGLE_CLIENT_ID', () => {
  it('answers 503 with a clear message', async () => {
    const { app: plain, db: plainDb } = await createTestApp();
    const res = await plain.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { idToken: 'x.y.z' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/Google sign-in is not configured/);
    // Connecting Google to a signed-in account too.
    const user = await createUser(plainDb);
    const token = await plain.auth.signSession(user.id, { role: 'member' });
    const linkRes = await plain.inject({
      method: 'POST',
      url: '/api/auth/google/link',
      headers: bearer(token),
      payload: { idToken: 'x.y.z' },
    });
    expect(linkRes.statusCode).toBe(503);
  });
});
