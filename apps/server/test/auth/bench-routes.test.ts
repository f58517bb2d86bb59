import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { ensureBuilt } from '../helpers/server-process';

/**
 * bench/auth-me.ts measures /auth/me against routes outside the contract and its access rules (a bare
 * hello, the session check alone, the user read alone: features/auth/bench-hello.ts). Only the
 * benchmark's own build has them (SERVER_BENCH_ROUTES=1); no environment variable adds them to the
 * product.
 */
const URLS = ['/api/bench/hello', '/api/bench/jwt', '/api/bench/db?id=1'];

describe('the benchmark baselines', () => {
  it('are not served by the server from the sources, even with BENCH_HELLO=1', async () => {
    const before = process.env.BENCH_HELLO;
    process.env.BENCH_HELLO = '1';
    try {
      const { app } = await createTestApp();
      for (const url of URLS) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      if (before === undefined) delete process.env.BENCH_HELLO;
      else process.env.BENCH_HELLO = before;
    }
  });

  it("are not in the product's build", () => {
    ensureBuilt();
    const dist = path.resolve(import.meta.dirname, '../../dist');
    const bundles = readdirSync(dist).filter((f) => /^server-.*\.cjs$/.test(f));
    expect(bundles).toHaveLength(1);
    const text = readFileSync(path.join(dist, bundles[0]!), 'utf8');
    expect(text).toContain('/api/auth/me');
    expect(text).not.toContain('/api/bench/');
  });
});
