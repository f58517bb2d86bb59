import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { bearer, createUser } from '../helpers/factories';

const { app, db } = await createTestApp();

let n = 0;
const fresh = () => {
  n += 1;
  return {
    username: `reg_user_${n}`,
    fullName: `Registered User ${n}`,
    email: `reg${n}@example.com`,
    password: 'secret123',
  };
};

function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

describe('POST /api/auth/register', () => {
  it('creates a member, answers 201 with a token and the docs/PRODUCT.md#data-shapes user', async () => {
    const body = fresh();
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.success).toBe(true);
    expect(json.message).toBe('Registration successful');
    const user = json.data.user;
    expect(user).toMatchObject({
      username: body.username,
      fullName: body.fullName,
      full_name: body.fullName,
      email: body.email,
      password: true,
      role: 'member',
      customerId: 0,
      sectorId: null,
      sector_id: null,
      sector: null,
      providers: ['local'],
      dashboardHeader: 'Academic Analytics',
      dashboard_header: 'Academic Analytics',
      mobileNumber: null,
      mobile_number: null,
    });
    expect(user.id).toBe(user.user_id);
    // A registration makes a one-person organisation named after the user, who owns it.
    expect(user.organisation).toEqual({ id: expect.any(Number), name: body.fullName, role: 'owner' });
    expect(user.organisations).toEqual([user.organisation]);
    expect(user.permissions).toMatchObject({ 'uploads.create': true, 'members.manage': true });
    expect(Number.isNaN(Date.parse(user.created_date))).toBe(false);
    expect(JSON.stringify(json)).not.toContain('argon2');

    // The token's claims carry the public user, never a hash, and an expiry.
    const claims = decodeClaims(json.data.token);
    expect(claims).toMatchObject({ sub: String(user.id), username: body.username, role: 'member' });
    expect(typeof claims.exp).toBe('number');
    expect(JSON.stringify(claims)).not.toMatch(/argon2|password_hash/);
    // Each public field once: the token travels with every request.
    expect(claims).toMatchObject({ fullName: body.fullName, dashboardHeader: 'Academic Analytics' });
    for (const twin of ['user_id', 'full_name', 'mobile_number', 'sector_id', 'dashboard_header']) {
      expect(claims).not.toHaveProperty(twin);
    }

    const stored = await db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [user.id],
    );
    expect(stored.rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers 409 for a duplicate username (any case) and a duplicate email', async () => {
    const body = fresh();
    expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: body })).statusCode).toBe(
      201,
    );
    const dupName = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...fresh(), username: body.username.toUpperCase() },
    });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json()).toEqual({ success: false, message: 'That username is already taken' });
    const dupEmail = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...fresh(), email: body.email.toUpperCase() },
    });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe('An account with that email already exists');
  });

  it('re-checks every field rule with a clear 400', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...fresh(), username: 'ab' }, /at least 3/],
      [{ ...fresh(), username: 'x'.repeat(51) }, /at most 50/],
      [{ ...fresh(), username: "bob'; DROP TABLE users;--" }, /letters, digits/],
      [{ ...fresh(), fullName: 'A' }, /Full name must be at least 2 characters long/],
      [{ ...fresh(), fullName: '   ' }, /Full name cannot be empty/],
      [{ ...fresh(), fullName: 'x'.repeat(101) }, /at most 100/],
      [{ ...fresh(), fullName: 'Bad\u0000Name' }, /control characters/],
      [{ ...fresh(), email: 'not-an-email' }, /Invalid email format/],
      [{ ...fresh(), password: '12345' }, /at least 6/],
      [{ ...fresh(), password: 'x'.repeat(201) }, /at most 200/],
      [{ ...fresh(), role: 'admin' }, /role|Unrecognized/],
      [{}, /./],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(message);
    }
    const empty = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    const count = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE role = 'admin'");
    expect(count.rows[0]!.n).toBe(0);
  });

  it('stores unicode, SQL and HTML in a full name as text', async () => {
    const body = {
      ...fresh(),
      username: 'अनीता_3',
      fullName: `<img src=x onerror=alert(1)> ' OR 1=1 -- ജോ‍സ്`,
    };
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.full_name).toBe(body.fullName);
    expect(res.json().data.user.username).toBe('अनीता_3');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in by username or by email, case-insensitively', async () => {
    const user = await createUser(db, { password: 'right-password' });
    for (const payload of [
      { username: user.username, password: 'right-password' },
      { email: user.email.toUpperCase(), password: 'right-password' },
      { username: user.email, email: user.email, password: 'right-password' },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(res.json().message).toBe('Login successful');
      expect(res.json().data.user.id).toBe(user.id);
      const me = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(res.json().data.token),
      });
      expect(me.statusCode).toBe(200);
    }
  });

  it('answers the same 401 for a wrong password and an unknown account', async () => {
    const user = await createUser(db);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'wrong-password' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody_here', password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid username/email or password');
  });

  it('refuses a Google-only account a password login without saying so', async () => {
    const user = await createUser(db, { password: null });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'anything' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid username/email or password');
  });

  it('answers 400 for missing or malformed input', async () => {
    for (const payload of [
      {},
      { password: 'x' },
      { username: 'someone' },
      { username: 'a', password: 'b', x: 1 },
      { username: 'u'.repeat(300), password: 'secret123' },
      { username: 'someone', password: 'p'.repeat(201) },
      { username: 42, password: 'secret123' },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const bad = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(bad.statusCode).toBe(400);
  });
});
