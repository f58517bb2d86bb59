import { LIMIT_MESSAGES } from '@insightra/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { bearer, createUser } from '../helpers/factories';
import { startGoogleKeys } from '../helpers/google-stand-in';

/**
 * A Google ID token's claims are the caller's text until its signature is checked, and even then only
 * as good as the text Google sent: none of them reaches the database in a form it cannot store, so no
 * token answers 500.
 */
const INVALID = 'Invalid Google ID token';

const keys = await startGoogleKeys();
afterAll(keys.close);
const { app, db } = await createTestApp(keys.env);

const idToken = (claims: { sub?: string; email?: string; name?: string }, forged = false) =>
  keys.idToken({ ...claims, forged });

const google = (token: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken: token }, remoteAddress });
const userCount = async () =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;

const UNSTORABLE = [
  ['a NUL character', 'nul\u0000sub'],
  ['half a surrogate pair', 'half \ud800 pair'],
] as const;

describe('POST /api/auth/google with claims the database cannot store', () => {
  it.each(UNSTORABLE)(
    'refuses a forged token whose sub holds %s with 401, and still counts it',
    async (_n, sub) => {
      const address = `203.0.113.${10 + UNSTORABLE.findIndex(([, s]) => s === sub)}`;
      for (let i = 0; i < 5; i++) {
        const res = await google(await idToken({ sub }, true), address);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ success: false, message: INVALID });
      }
      // The sign-in limit for that claimed account and address is spent like any other.
      const sixth = await google(await idToken({ sub }, true), address);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toBe(LIMIT_MESSAGES.signIn(Number(sixth.headers['retry-after'])));
    },
  );

  it('refuses a signed token whose sub or e-mail cannot be stored or is longer than any real one', async () => {
    const before = await userCount();
    const tokens = [
      ...UNSTORABLE.map(([, text]) => idToken({ sub: text })),
      ...UNSTORABLE.map(([, text]) => idToken({ email: `a${text}b@gmail.com` })),
      idToken({ sub: 's'.repeat(256) }),
      idToken({ email: `${'e'.repeat(3000)}@gmail.com` }),
    ];
    for (const [i, token] of tokens.entries()) {
      const res = await google(await token, '203.0.113.20');
      expect(res.statusCode, `token ${i}`).toBe(401);
      expect(res.json()).toEqual({ success: false, message: INVALID });
    }
    expect(await userCount()).toBe(before);
  });

  it('signs in with a name that cannot be stored left out, and cuts a long name between characters', async () => {
    const bad = await google(await idToken({ name: 'Bad\u0000Name' }), '203.0.113.21');
    expect(bad.statusCode).toBe(200);
    expect(bad.json().data.user.full_name).toBeNull();
    // 99 letters and an emoji (two UTF-16 units): the cut at 100 units leaves out the whole emoji.
    const long = await google(await idToken({ name: `${'a'.repeat(99)}\u{1F600}z` }), '203.0.113.21');
    expect(long.statusCode).toBe(200);
    expect(long.json().data.user.full_name).toBe('a'.repeat(99));
  });
});

describe('POST /api/auth/google/link with claims the database cannot store', () => {
  it('answers 401 for forged and signed tokens alike, and links nothing', async () => {
    const user = await createUser(db);
    const token = await app.auth.signSession(user.id, { role: 'member' });
    for (const [forged, sub] of [
      [true, 'nul\u0000sub'],
      [false, 'nul\u0000sub'],
      [false, 'half \ud800 pair'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/google/link',
        headers: bearer(token),
        payload: { idToken: await idToken({ sub }, forged) },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: INVALID });
    }
    const { rows } = await db.query('SELECT google_sub FROM users WHERE id = $1', [user.id]);
    expect(rows[0]).toEqual({ google_sub: null });
  });
});
