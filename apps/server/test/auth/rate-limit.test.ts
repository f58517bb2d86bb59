import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';

const { app, db } = await createTestApp();

const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

describe('failed-login rate limits', () => {
  it('locks an account after 5 failures, even for the right password, with Retry-After', async () => {
    const user = await createUser(db, { password: 'right-password' });
    for (let i = 0; i < 5; i++) {
      expect((await login(user.username, 'wrong', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    // The e-mail names the same account: no way round the lock.
    const locked = await login(user.email, 'right-password', '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json()).toEqual({
      success: false,
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
    // Other accounts are not affected.
    const other = await createUser(db, { password: 'other-password' });
    expect((await login(other.username, 'other-password', '10.1.1.1')).statusCode).toBe(200);
  });

  it('locks an unknown name the same way, so the limit reveals nothing', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login('ghost_user', 'wrong', `10.2.0.${i}`)).statusCode).toBe(401);
    expect((await login('ghost_user', 'wrong', '10.2.1.1')).statusCode).toBe(429);
  });

  it('a success clears the account count', async () => {
    const user = await createUser(db, { password: 'right-password' });
    for (let i = 0; i < 4; i++) await login(user.username, 'wrong', '10.3.0.1');
    expect((await login(user.username, 'right-password', '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login(user.username, 'wrong', '10.3.0.2')).statusCode).toBe(401);
    expect((await login(user.username, 'right-password', '10.3.0.2')).statusCode).toBe(200);
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
