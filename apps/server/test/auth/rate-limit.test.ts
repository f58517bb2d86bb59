import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { verifyPassword } from '../../src/lib/password';
import { createTestApp } from '../helpers/app';
import { appOn } from '../helpers/app-on';
import { createUser } from '../helpers/factories';

// Every password verification goes through this spy, so a test can count how many were made.
vi.mock('../../src/lib/password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/lib/password')>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

const { app, db } = await createTestApp();

const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

const LOCKED = {
  success: false,
  message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
};

describe('failed-login rate limits', () => {
  it('locks an (account, address) pair after 5 failures, even for the right password, with Retry-After', async () => {
    const user = await createUser(db, { password: 'right-password' });
    for (let i = 0; i < 5; i++)
      expect((await login(user.username, 'wrong', '10.1.0.1')).statusCode).toBe(401);
    // The e-mail names the same account: no way round the lock from this address.
    const locked = await login(user.email, 'right-password', '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(locked.json()).toEqual(LOCKED);
    // The owner elsewhere is not locked out by a stranger's failures.
    expect((await login(user.username, 'right-password', '10.1.9.9')).statusCode).toBe(200);
    // Other accounts are not affected, even from that address.
    const other = await createUser(db, { password: 'other-password' });
    expect((await login(other.username, 'other-password', '10.1.0.1')).statusCode).toBe(200);
  });

  it('locks an unknown name the same way, so the limit reveals nothing', async () => {
    for (let i = 0; i < 5; i++) expect((await login('ghost_user', 'wrong', '10.2.0.1')).statusCode).toBe(401);
    expect((await login('ghost_user', 'wrong', '10.2.0.1')).statusCode).toBe(429);
  });

  it('a success clears the pair count', async () => {
    const user = await createUser(db, { password: 'right-password' });
    for (let i = 0; i < 4; i++) await login(user.username, 'wrong', '10.3.0.1');
    expect((await login(user.username, 'right-password', '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login(user.username, 'wrong', '10.3.0.1')).statusCode).toBe(401);
    expect((await login(user.username, 'right-password', '10.3.0.1')).statusCode).toBe(200);
  });

  it('limits one address trying many accounts to 20 failures', async () => {
    const victim = await createUser(db, { password: 'right-password' });
    for (let i = 0; i < 20; i++) {
      expect((await login(`spray_${i}`, 'guess', '10.9.9.9')).statusCode).toBe(401);
    }
    const blocked = await login(victim.username, 'right-password', '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login(victim.username, 'right-password', '10.9.9.10')).statusCode).toBe(200);
  });

  it('limits one account to 50 failures an hour, whatever the addresses', async () => {
    const user = await createUser(db, { password: 'right-password' });
    for (let i = 0; i < 50; i++) {
      expect((await login(user.username, 'wrong', `10.5.${i >> 4}.${i & 15}`)).statusCode).toBe(401);
    }
    const locked = await login(user.username, 'right-password', '10.5.99.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(59 * 60);
  });

  it('an address refused by its own limit does not spend the account budget', async () => {
    const user = await createUser(db, { password: 'right-password' });
    for (let i = 0; i < 5; i++) await login(user.username, 'wrong', '10.6.0.1');
    // Refused by the pair layer 60 times: none of these reach the account layer.
    for (let i = 0; i < 60; i++)
      expect((await login(user.username, 'wrong', '10.6.0.1')).statusCode).toBe(429);
    expect((await login(user.username, 'right-password', '10.6.0.2')).statusCode).toBe(200);
  });

  it('20 parallel wrong passwords for one account get at most 5 verifications', async () => {
    const user = await createUser(db, { password: 'right-password' });
    const spy = vi.mocked(verifyPassword);
    spy.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(user.username, 'wrong', '10.7.0.1')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(spy.mock.calls.length).toBeLessThanOrEqual(5);
  });

  it('counts wrong current passwords on a password change too', async () => {
    const user = await createUser(db, { password: 'right-password' });
    const token = await app.auth.signSession(user.id, { role: 'member' });
    const change = (currentPassword: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: { authorization: `Bearer ${token}` },
        payload: { currentPassword, newPassword: 'new-password' },
        remoteAddress: '10.4.0.1',
      });
    for (let i = 0; i < 5; i++) expect((await change('wrong')).statusCode).toBe(400);
    expect((await change('right-password')).statusCode).toBe(429);
  });
});

describe('registration limit', () => {
  it('allows REGISTER_LIMIT_PER_HOUR registrations per address, then 429 with Retry-After', async () => {
    // Another instance on the same database (a fresh one costs seconds); its addresses are this test's own.
    const { app: limited, close } = await appOn(db, { REGISTER_LIMIT_PER_HOUR: '3' });
    onTestFinished(close);
    const register = (i: number, remoteAddress = '10.8.0.1') =>
      limited.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          username: `reg_${i}`,
          fullName: 'Reg User',
          email: `reg_${i}@example.com`,
          password: 'secret123',
        },
        remoteAddress,
      });
    for (let i = 0; i < 3; i++) expect((await register(i)).statusCode).toBe(201);
    const refused = await register(3);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(refused.json()).toEqual({
      success: false,
      message: 'Too many accounts registered from this address. Please try again in 60 minutes.',
    });
    expect((await register(4, '10.8.0.2')).statusCode).toBe(201);
  });
});
