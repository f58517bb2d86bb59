import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { addressKey } from '../../src/lib/rate-limit';
import { createTestApp, type TestApp } from '../helpers/app';
import { appOn } from '../helpers/app-on';

type Injector = Awaited<ReturnType<typeof createTestApp>>['app'];

// One database (a fresh one costs seconds), an app per TRUST_PROXY setting on it, as instances sharing
// a database: the sign-in limits they share are kept there, so each test charges and checks addresses
// no other test uses.
let db: TestApp['db'];
beforeAll(async () => {
  ({ db } = await createTestApp());
});
const opened: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of opened) await close();
});
async function appWith(env: Record<string, string> = {}) {
  const { app, close } = await appOn(db, env);
  opened.push(close);
  return app;
}

const failLogin = (app: Injector, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: `nobody_${Math.random().toString(36).slice(2)}`, password: 'guess' },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

/** Spends an address's 20 sign-in failures, each request claiming a different forwarded address. */
async function spend(app: Injector, remoteAddress: string, forwarded: (i: number) => string) {
  for (let i = 0; i < 20; i++)
    expect((await failLogin(app, remoteAddress, forwarded(i))).statusCode).toBe(401);
}

describe('client address without TRUST_PROXY (the default)', () => {
  it('ignores X-Forwarded-For: a forged header changes nothing', async () => {
    const app = await appWith();
    await spend(app, '203.0.113.1', (i) => `198.51.100.${i}`);
    expect((await failLogin(app, '203.0.113.1', '198.51.100.200')).statusCode).toBe(429);
    expect((await failLogin(app, '203.0.113.1')).statusCode).toBe(429);
    // The address a forged header names is not charged.
    expect((await failLogin(app, '198.51.100.3')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  it('takes the address the trusted hop appended; what the client wrote to the left does not count', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    await spend(app, '10.0.0.1', (i) => `192.0.2.${i}, 203.0.113.7`);
    expect((await failLogin(app, '10.0.0.1', '192.0.2.250, 203.0.113.7')).statusCode).toBe(429);
    // Another client behind the same proxy keeps its own budget.
    expect((await failLogin(app, '10.0.0.1', '203.0.113.8')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY as proxy addresses', () => {
  it('believes the header only from the listed proxies', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' });
    await spend(app, '10.0.0.1', () => '203.0.113.20');
    expect((await failLogin(app, '10.1.2.3', '203.0.113.20')).statusCode).toBe(429);
    // The proxy's own address was not charged.
    expect((await failLogin(app, '10.0.0.1', '203.0.113.21')).statusCode).toBe(401);
    // A client connecting directly cannot borrow another address by writing the header.
    await spend(app, '198.51.100.9', (i) => `203.0.113.${100 + i}`);
    expect((await failLogin(app, '198.51.100.9', '203.0.113.250')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY validation', () => {
  const load = (value: string) => loadConfig({ TRUST_PROXY: value, LOG_LEVEL: 'silent' });
  it('accepts off, hop counts, addresses, CIDRs and proxy-addr names', () => {
    expect(load('').trustProxy).toBe(false);
    expect(load('false').trustProxy).toBe(false);
    expect(load('2').trustProxy).toBe(2);
    expect(load('127.0.0.1, ::1, 10.0.0.0/8, fd00::/8, loopback').trustProxy).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
  });
  it('refuses anything else, naming the variable', () => {
    expect(() => load('true')).toThrow(ConfigError);
    expect(() => load('10.0.0.0/33')).toThrow(/^TRUST_PROXY must be a hop count or a comma list/);
    expect(() => load('proxy.example.com')).toThrow(/"proxy.example.com" is neither/);
    expect(() => load('99')).toThrow(/^TRUST_PROXY/);
  });
});

describe('address keys', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and groups IPv6 by /64', () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::7')).toBe('2001:db8:0:0::/64');
  });
});
