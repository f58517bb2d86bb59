import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SESSION_LIMITS, SESSION_MESSAGES } from '@insightra/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { ensureFirstAdmin } from '../../src/features/auth/first-admin';
import { pruneExpiredSessions } from '../../src/features/auth/session-repository';
import { createTestApp } from '../helpers/app';
import { createTestDatabase } from '../helpers/database';
import { bearer, createUser, type TestUser } from '../helpers/factories';

const { app, db } = await createTestApp();
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const HOUR = 3600 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

async function signIn(user: TestUser, password = user.password): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: user.username, password },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.token;
}

const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
/** A member route that reads no user of its own: only the session check reads the database. */
const reports = (token: string) => app.inject({ method: 'GET', url: '/api/reports', headers: bearer(token) });
const post = (url: string, token: string) => app.inject({ method: 'POST', url, headers: bearer(token) });
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
const sessionsOf = async (userId: number) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId]))
    .rows[0]!.n;

describe('ending sessions', () => {
  it('logout ends only the session it is sent with', async () => {
    const user = await createUser(db);
    const [a, b] = [await signIn(user), await signIn(user)];
    const res = await post('/api/auth/logout', a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out successfully' });
    for (const call of [me, reports]) {
      const ended = await call(a);
      expect(ended.statusCode).toBe(401);
      expect(ended.json().message).toBe(SESSION_MESSAGES.sessionEnded);
      expect((await call(b)).statusCode).toBe(200);
    }
    expect((await post('/api/auth/logout', a)).statusCode).toBe(401);
  });

  it('log out everywhere ends every session of the user and no one else’s', async () => {
    const user = await createUser(db);
    const other = await createUser(db);
    const tokens = [await signIn(user), await signIn(user), await signIn(user)];
    const others = await signIn(other);
    const res = await post('/api/auth/logout-everywhere', tokens[1]!);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SESSION_MESSAGES.loggedOutEverywhere);
    for (const token of tokens) expect((await reports(token)).statusCode).toBe(401);
    expect((await me(others)).statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toBe(0);
    expect((await me(await signIn(user))).statusCode).toBe(200);
  });

  it('a password change keeps the current session and ends the others', async () => {
    const user = await createUser(db, { password: 'first-password' });
    const [current, other] = [await signIn(user), await signIn(user)];
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(current),
      payload: { currentPassword: 'first-password', newPassword: 'second-password' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(await signIn(user, 'second-password'))).statusCode).toBe(200);
  });

  it('a profile update answers a token of the same session, which logout then ends', async () => {
    const user = await createUser(db);
    const token = await signIn(user);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/fullname',
      headers: bearer(token),
      payload: { newFullName: 'Renamed Person' },
    });
    const fresh = res.json().data.token as string;
    expect(claims(fresh)).toMatchObject({ sid: claims(token).sid, fullName: 'Renamed Person' });
    expect(await sessionsOf(user.id)).toBe(1);
    await post('/api/auth/logout', fresh);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a change of role ends every session, by any path; other changes do not', async () => {
    const user = await createUser(db);
    const [a, b] = [await signIn(user), await signIn(user)];
    await db.query("UPDATE users SET full_name = 'Still Member', role = 'member' WHERE id = $1", [user.id]);
    expect((await me(a)).statusCode).toBe(200);
    await db.query("UPDATE users SET role = 'admin' WHERE id = $1", [user.id]);
    expect((await me(a)).statusCode).toBe(401);
    expect((await reports(b)).statusCode).toBe(401);
    const asAdmin = await signIn(user);
    expect((await me(asAdmin)).json().data.user.role).toBe('admin');
    await db.query("UPDATE users SET role = 'member' WHERE id = $1", [user.id]);
    const denied = await app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(asAdmin) });
    expect(denied.statusCode).toBe(401);

    // ADMIN_USERNAME naming an existing member promotes nobody and ends nothing.
    const holder = await createUser(db);
    const before = await signIn(holder);
    await expect(
      ensureFirstAdmin(db, { username: holder.username, password: 'start-up-password' }, silent),
    ).rejects.toThrow('ADMIN_USERNAME');
    expect((await me(before)).json().data.user.role).toBe('member');
  });
});

describe('expiry and renewal', () => {
  it('expires a token 12 hours after issue; /auth/me renews it once past half its life', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-03-02T08:00:00Z');
    vi.setSystemTime(start);
    const user = await createUser(db);
    const token = await signIn(user);
    expect(claims(token).exp - claims(token).iat).toBe(SESSION_LIMITS.tokenTtlSeconds);

    vi.setSystemTime(start + 6 * HOUR - 60_000);
    const early = await me(token);
    expect(early.statusCode).toBe(200);
    expect(early.json().data.token).toBeUndefined();

    vi.setSystemTime(start + 6 * HOUR + 60_000);
    const renewed = await me(token);
    const fresh = renewed.json().data.token as string;
    expect(claims(fresh)).toMatchObject({
      sid: claims(token).sid,
      sub: String(user.id),
      exp: Math.floor((start + 18 * HOUR + 60_000) / 1000),
    });

    vi.setSystemTime(start + 12 * HOUR + 1000);
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired/i);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('renews a session for at most 7 days after its sign-in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-03-02T08:00:00Z');
    vi.setSystemTime(start);
    const user = await createUser(db);
    let token = await signIn(user);
    const cap = start / 1000 + SESSION_LIMITS.maxSessionSeconds;
    // An active user: /auth/me every 7 hours, each answer's token stored in place.
    for (let at = start + 7 * HOUR; at < start + 8 * 24 * HOUR; at += 7 * HOUR) {
      vi.setSystemTime(at);
      const res = await me(token);
      if (at / 1000 >= cap) {
        expect(res.statusCode).toBe(401);
        break;
      }
      expect(res.statusCode).toBe(200);
      token = res.json().data.token ?? token;
      expect(claims(token).exp).toBeLessThanOrEqual(cap);
    }
    expect(claims(token).exp).toBe(cap);
    vi.setSystemTime(cap * 1000 + 1000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('prunes expired sessions: the user’s own at sign-in, everyone’s periodically', async () => {
    const user = await createUser(db);
    const other = await createUser(db);
    const live = await app.auth.signSession(other.id, { role: 'member' });
    await app.auth.signSession(user.id, { role: 'member' }, -60);
    await app.auth.signSession(other.id, { role: 'member' }, -60);
    expect(await sessionsOf(user.id)).toBe(1);
    await signIn(user);
    expect(await sessionsOf(user.id)).toBe(1);
    expect(await sessionsOf(other.id)).toBe(2);
    expect(await pruneExpiredSessions(db, Date.now())).toBeGreaterThanOrEqual(1);
    expect(await sessionsOf(other.id)).toBe(1);
    expect((await me(live)).statusCode).toBe(200);
  });

  it('refuses a token that names no session (issued before sessions were kept)', async () => {
    const user = await createUser(db);
    const legacy = await app.auth.sign('session', { role: 'member' }, 3600, String(user.id));
    expect((await me(legacy)).statusCode).toBe(401);
  });
});

describe('a database that cannot be reached', () => {
  it('answers a server error to a valid token, never 401 (which would sign the user out)', async () => {
    const testDb = await createTestDatabase();
    let down = false;
    const refused = () =>
      Promise.reject(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      );
    // The same database, through plain queries that can be made to fail as a stopped server does.
    const database: Database = {
      ...testDb.db,
      query: ((text: string, params?: unknown[]) =>
        down ? refused() : testDb.db.query(text, params)) as Database['query'],
      namedQuery: ((name: string, text: string, params: unknown[]) =>
        down ? refused() : testDb.db.namedQuery(name, text, params)) as Database['namedQuery'],
    };
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'insightra-data-')),
      LOG_LEVEL: 'silent',
    });
    const flaky = await buildApp({ config, database, logger: false });
    try {
      const user = await createUser(testDb.db);
      const token = await flaky.auth.signSession(user.id, { role: 'member' });
      down = true;
      for (const url of ['/api/auth/me', '/api/reports']) {
        const res = await flaky.inject({ method: 'GET', url, headers: bearer(token) });
        expect(res.statusCode, url).not.toBe(401);
        expect([500, 503], url).toContain(res.statusCode);
      }
      down = false;
      expect(
        (await flaky.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode,
      ).toBe(200);
    } finally {
      await flaky.close();
      await testDb.drop();
    }
  });
});
