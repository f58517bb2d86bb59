import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type Database, fromPool } from '../../src/db/client';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../helpers/database';

const CLIENT_ID = 'limits-client.apps.googleusercontent.com';

const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'insightra-data-')),
    LOG_LEVEL: 'silent',
    ...env,
  });

/** A server instance on the same database (its own pool on PostgreSQL). */
async function instanceOn(config: ReturnType<typeof loadConfig>, url?: string, db?: Database) {
  const database =
    testDatabaseKind === 'postgres' ? fromPool(new pg.Pool({ connectionString: url, max: 3 })) : db;
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (testDatabaseKind === 'postgres') await database?.close();
    },
  };
}

// One database for the tests that charge limits (a fresh one costs seconds); they charge different
// addresses. The pruning test has a database of its own: its instance must be the one that prunes.
let shared: TestDatabase;
const closing: (() => Promise<void>)[] = [];
beforeAll(async () => {
  shared = await createTestDatabase();
});
afterAll(async () => {
  for (const close of closing) await close();
  await shared.drop();
});

// The tests run at once: the pruning test spends most of its time waiting for the start-up work.
describe.concurrent('limits shared by every instance on one database', () => {
  it('two instances share one sign-in budget per address', async () => {
    const config = testConfig();
    const one = await instanceOn(config, shared.url, shared.db);
    const two = await instanceOn(config, shared.url, shared.db);
    closing.push(one.close, two.close);
    const login = (app: typeof one.app, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: `nobody_${i}`, password: 'guess' },
        remoteAddress: '192.0.2.50',
      });
    for (let i = 0; i < 20; i++) expect((await login(i % 2 ? one.app : two.app, i)).statusCode).toBe(401);
    expect((await login(one.app, 99)).statusCode).toBe(429);
    expect((await login(two.app, 99)).statusCode).toBe(429);
  });

  it('prunes expired windows soon after start and keeps live ones', async () => {
    const testDb = await createTestDatabase();
    await testDb.db.query(
      `INSERT INTO rate_limit_windows (bucket, key, hits, expires_at) VALUES
         ('sign-in:address', 'old', 20, now() - interval '1 minute'),
         ('sign-in:address', '192.0.2.77', 20, now() + interval '10 minutes')`,
    );
    const config = testConfig();
    const instance = await instanceOn(config, testDb.url, testDb.db);
    closing.push(async () => {
      await instance.close();
      await testDb.drop();
    });
    await vi.waitFor(
      async () => {
        const { rows } = await testDb.db.query<{ key: string }>('SELECT key FROM rate_limit_windows');
        expect(rows.map((r) => r.key)).toEqual(['192.0.2.77']);
      },
      { timeout: 10_000, interval: 100 },
    );
    // The live window still limits its address.
    const res = await instance.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'anyone', password: 'guess' },
      remoteAddress: '192.0.2.77',
    });
    expect(res.statusCode).toBe(429);
  });
});

const keys = await generateKeyPair('RS256');
const stranger = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
const jwks = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ keys: [jwk] }));
});
const listening = new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => jwks.close(() => resolve())));

describe.concurrent('Google sign-in limits', () => {
  const token = (sub: string, key = keys.privateKey) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: `${sub}@gmail.com`, email_verified: true, name: 'G User' })
      .setProtectedHeader({ alg: 'RS256', kid: 'key-1', typ: 'JWT' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENT_ID)
      .setSubject(sub)
      .setIssuedAt(now - 10)
      .setExpirationTime(now + 3600)
      .sign(key);
  };

  it('counts forged tokens per (claimed account, address) before checking them', async () => {
    await listening;
    const jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`;
    const { app, close } = await instanceOn(
      testConfig({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl }),
      shared.url,
      shared.db,
    );
    closing.push(close);
    const google = async (idToken: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken }, remoteAddress });
    for (let i = 0; i < 5; i++) {
      expect((await google(await token('victim-sub', stranger.privateKey), '198.51.100.1')).statusCode).toBe(
        401,
      );
    }
    const refused = await google(await token('victim-sub'), '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // The owner signs in from their own address.
    expect((await google(await token('victim-sub'), '198.51.100.2')).statusCode).toBe(200);
  });
});
