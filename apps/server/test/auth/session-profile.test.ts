import { createSecretKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';

const { app, db } = await createTestApp();

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

async function me(token?: string) {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers: token ? bearer(token) : {} });
}

async function put(url: string, token: string, payload: unknown) {
  return app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as object });
}

describe('GET /api/auth/me', () => {
  it('shows a database change made after the token was issued', async () => {
    const user = await createUser(db, { sectorId: null, fullName: 'Before Name' });
    const token = await tokenFor(app, user);
    expect((await me(token)).json().data.user).toMatchObject({ full_name: 'Before Name', sectorId: null });
    await db.query("UPDATE users SET full_name = 'After Name', mobile_number = '+91 99' WHERE id = $1", [
      user.id,
    ]);
    await db.query('UPDATE organisations SET sector_id = 4 WHERE id = $1', [user.organisationId]);
    expect((await me(token)).json().data.user).toMatchObject({ full_name: 'After Name', role: 'member' });
    // A change of role ends the user's sessions (test/auth/sessions.test.ts); the next sign-in shows it.
    await db.query("UPDATE users SET role = 'admin' WHERE id = $1", [user.id]);
    const after = (await me(await tokenFor(app, user))).json().data.user;
    expect(after).toMatchObject({
      full_name: 'After Name',
      fullName: 'After Name',
      sectorId: 4,
      sector_id: 4,
      sector: { id: 4, name: 'Healthcare' },
      role: 'admin',
      mobileNumber: '+91 99',
      mobile_number: '+91 99',
    });
    expect(Object.values(after.permissions).every((v) => v === true)).toBe(true);
  });

  it('answers 401 without a token, with an expired, forged, alg:none or garbage token', async () => {
    const user = await createUser(db);
    const now = Math.floor(Date.now() / 1000);
    const expired = await app.auth.signSession(user.id, { role: 'member' }, -60);
    const forged = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('insightra')
      .setAudience('session')
      .setSubject(String(user.id))
      .setExpirationTime(now + 600)
      .sign(createSecretKey(Buffer.from('another-secret-that-is-long-enough-000000')));
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(user.id), iss: 'insightra', aud: 'session', exp: now + 600 })}.`;
    const valid = await tokenFor(app, user);
    const [h, p] = valid.split('.');
    const tampered = `${h}.${b64({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: '999' })}.${valid.split('.')[2]}`;
    for (const token of [undefined, expired, forged, none, tampered, 'not-a-jwt']) {
      const res = await me(token);
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.json().success).toBe(false);
    }
    expect((await me(expired)).json().message).toMatch(/expired/i);
  });

  it('answers 401 when the account was removed after the token was issued', async () => {
    const user = await createUser(db);
    const token = await tokenFor(app, user);
    await db.query('DELETE FROM users WHERE id = $1', [user.id]);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('answers many sessions checked at once each with its own user, and a removed one with 401', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(db)));
    const tokens = await Promise.all(users.map((u) => tokenFor(app, u)));
    const gone = users[5]!;
    await db.query('DELETE FROM users WHERE id = $1', [gone.id]);
    await db.query("UPDATE users SET full_name = 'Renamed Just Now' WHERE id = $1", [users[0]!.id]);
    // Several requests per user, all in flight together.
    const answers = await Promise.all([...tokens, ...tokens, ...tokens].map((t) => me(t)));
    answers.forEach((res, i) => {
      const user = users[i % users.length]!;
      if (user === gone) {
        expect(res.statusCode).toBe(401);
        return;
      }
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user).toMatchObject({ id: user.id, username: user.username });
    });
    expect(answers[0]!.json().data.user.fullName).toBe('Renamed Just Now');
  });

  it('gives a default header, customer id 0, the providers and the permissions map of their role', async () => {
    const user = await createUser(db);
    const u = (await me(await tokenFor(app, user))).json().data.user;
    expect(u).toMatchObject({ dashboardHeader: 'Academic Analytics', customerId: 0, providers: ['local'] });
    // The owner of their own organisation: every permission of the map.
    expect(u.permissions).toEqual({
      'reports.view': true,
      'uploads.download': true,
      'reports.manage': true,
      'uploads.create': true,
      'uploads.purge': true,
      'refresh.start': true,
      'sector.change': true,
      'members.manage': true,
      'organisation.manage': true,
    });
  });
});

describe('profile updates', () => {
  it('changes the dashboard header, checks it and answers the user with a fresh token', async () => {
    const user = await createUser(db);
    const token = await tokenFor(app, user);
    const res = await put('/api/auth/dashboard-header', token, { dashboardHeader: '  Sales <b>2025</b> ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.dashboardHeader).toBe('Sales <b>2025</b>');
    expect(res.json().data.user.dashboard_header).toBe('Sales <b>2025</b>');
    expect((await me(res.json().data.token)).statusCode).toBe(200);
    const empty = await put('/api/auth/dashboard-header', token, { dashboardHeader: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Dashboard header cannot be empty');
    const long = await put('/api/auth/dashboard-header', token, { dashboardHeader: 'x'.repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Dashboard header must be less than 255 characters');
    expect((await me(token)).json().data.user.dashboardHeader).toBe('Sales <b>2025</b>');
  });

  it('changes the full name with the docs/PRODUCT.md#profile messages', async () => {
    const user = await createUser(db);
    const token = await tokenFor(app, user);
    const res = await put('/api/auth/fullname', token, { newFullName: 'Priya Sharma' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Full name updated successfully' });
    expect(res.json().data.user.full_name).toBe('Priya Sharma');
    expect((await put('/api/auth/fullname', token, { newFullName: '' })).json().message).toBe(
      'Full name cannot be empty',
    );
    expect((await put('/api/auth/fullname', token, { newFullName: 'P' })).json().message).toBe(
      'Full name must be at least 2 characters long',
    );
    expect((await put('/api/auth/fullname', token, {})).statusCode).toBe(400);
    expect((await put('/api/auth/fullname', token, { newFullName: 'Ok Name', admin: true })).statusCode).toBe(
      400,
    );
  });

  it('changes the username, refusing a taken one with 409', async () => {
    const other = await createUser(db);
    const user = await createUser(db);
    const token = await tokenFor(app, user);
    const taken = await put('/api/auth/username', token, { newUsername: other.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('That username is already taken');
    expect((await put('/api/auth/username', token, { newUsername: '' })).json().message).toBe(
      'Username cannot be empty',
    );
    const same = await put('/api/auth/username', token, { newUsername: user.username.toUpperCase() });
    expect(same.statusCode).toBe(200);
    const res = await put('/api/auth/username', token, { newUsername: `renamed_${user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.username).toBe(`renamed_${user.id}`);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: `renamed_${user.id}`, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('changes the password, requiring the current one only when one is set', async () => {
    const user = await createUser(db, { password: 'old-password' });
    const token = await tokenFor(app, user);
    const missing = await put('/api/auth/password', token, { newPassword: 'new-password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Current password is required');
    const wrong = await put('/api/auth/password', token, {
      currentPassword: 'nope',
      newPassword: 'new-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const short = await put('/api/auth/password', token, {
      currentPassword: 'old-password',
      newPassword: '12345',
    });
    expect(short.json().message).toBe('New password must be at least 6 characters long');
    const ok = await put('/api/auth/password', token, {
      currentPassword: 'old-password',
      newPassword: 'new-password',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Password updated successfully' });
    const login = (password: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password } });
    expect((await login('old-password')).statusCode).toBe(401);
    expect((await login('new-password')).statusCode).toBe(200);

    const googleOnly = await createUser(db, { password: null });
    await db.query("UPDATE users SET providers = ARRAY['google'] WHERE id = $1", [googleOnly.id]);
    const gToken = await tokenFor(app, googleOnly);
    expect((await me(gToken)).json().data.user).toMatchObject({ password: false, providers: ['google'] });
    const set = await put('/api/auth/password', gToken, { newPassword: 'first-password' });
    expect(set.statusCode).toBe(200);
    expect((await me(gToken)).json().data.user).toMatchObject({
      password: true,
      providers: ['local', 'google'],
    });
  });

  it('answers 401 to every update without a token', async () => {
    for (const [url, payload] of [
      ['/api/auth/dashboard-header', { dashboardHeader: 'x' }],
      ['/api/auth/fullname', { newFullName: 'xx' }],
      ['/api/auth/username', { newUsername: 'xxx' }],
      ['/api/auth/password', { newPassword: 'xxxxxx' }],
    ] as const) {
      const res = await app.inject({ method: 'PUT', url, payload });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('sectors', () => {
  it('lists the six sectors with both spellings, with or without a token', async () => {
    const user = await createUser(db);
    for (const headers of [{}, bearer(await tokenFor(app, user)), bearer('garbage')]) {
      const res = await app.inject({ method: 'GET', url: '/api/sectors', headers });
      expect(res.statusCode).toBe(200);
      const sectors = res.json().data.sectors;
      expect(sectors.map((s: { name: string }) => s.name)).toEqual([
        'Education',
        'Automobile',
        'Real-Estate',
        'Healthcare',
        'Retail',
        'Hotels',
      ]);
      expect(sectors[0]).toEqual({
        id: 1,
        sector_id: 1,
        name: 'Education',
        sector_name: 'Education',
        slug: 'education',
      });
    }
  });

  it('answers one sector, 404 for an unknown one and 400 for a bad id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sectors/3' });
    expect(res.json().data.sector).toMatchObject({ id: 3, name: 'Real-Estate' });
    expect((await app.inject({ method: 'GET', url: '/api/sectors/99' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/sectors/abc' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/sectors/-1' })).statusCode).toBe(400);
  });

  it("sets the signed-in user's sector", async () => {
    const user = await createUser(db, { sectorId: null });
    const token = await tokenFor(app, user);
    const patch = (payload: unknown, headers: Record<string, string> = bearer(token)) =>
      app.inject({ method: 'PATCH', url: '/api/sectors/me', headers, payload: payload as object });
    expect((await patch({ sectorId: 2 }, {})).statusCode).toBe(401);
    expect((await patch({ sectorId: 42 })).statusCode).toBe(404);
    expect((await patch({ sectorId: 'x' })).statusCode).toBe(400);
    expect((await patch({})).statusCode).toBe(400);
    const res = await patch({ sectorId: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      sectorId: 2,
      sector_id: 2,
      sector: { id: 2, name: 'Automobile' },
    });
    expect((await me(token)).json().data.user.sectorId).toBe(2);
  });
});

describe('dates', () => {
  it('answers created and updated dates as ISO-8601 UTC, to the millisecond', async () => {
    const user = await createUser(db);
    await db.query(
      "UPDATE users SET created_date = '2025-01-15 10:00:00.123+05:30', updated_date = '2025-02-01T18:45:00Z' WHERE id = $1",
      [user.id],
    );
    const u = (await me(await tokenFor(app, user))).json().data.user;
    expect(u.created_date).toBe('2025-01-15T04:30:00.123Z');
    expect(u.updated_date).toBe('2025-02-01T18:45:00.000Z');
  });
});
