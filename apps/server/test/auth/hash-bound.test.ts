import { MESSAGES } from '@insightra/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

const TOKEN = 'hash-bound-metrics-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  // The flood comes from one address: more than REGISTER_LIMIT_PER_HOUR's default lets through.
  t = await createTestApp({ HASH_CONCURRENCY: '1', METRICS_TOKEN: TOKEN, REGISTER_LIMIT_PER_HOUR: '1000' });
});

async function hashingLoad() {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const value = (name: string) =>
    Number(
      /^(\S+) (\S+)$/m.exec(res.body.split('\n').find((l) => l.startsWith(`${name} `)) ?? '')?.[2] ?? NaN,
    );
  return {
    running: value('insightra_password_hashing_running'),
    queued: value('insightra_password_hashing_queued'),
  };
}

describe('password hashing under a flood of sign-ups', () => {
  it('runs at most HASH_CONCURRENCY hashes with a short queue, and answers the rest 503 with Retry-After', async () => {
    const flood = Array.from({ length: 80 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          username: `flood_${i}`,
          fullName: `Flood ${i}`,
          email: `flood_${i}@example.com`,
          password: 'flood-password-1',
        },
      }),
    );
    const seen: { running: number; queued: number }[] = [];
    let settled = false;
    const all = Promise.all(flood).finally(() => {
      settled = true;
    });
    // Sampled every 25 ms: the queue lasts over a second (33 and more hashes one at a time), so the
    // samples see it, and each /api/metrics answer is work the flood waits behind on this thread.
    while (!settled) {
      seen.push(await hashingLoad());
      await new Promise((r) => setTimeout(r, 25));
    }
    const answers = await all;

    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    const refused = answers.filter((a) => a.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(33);
    for (const a of refused) {
      expect(a.headers['retry-after']).toBe('2');
      expect(a.json()).toEqual({ success: false, message: MESSAGES.availability.hashingBusy });
    }
    // Never more than one hash at a time, never more than the queue's 32 waiting; the queue was used.
    expect(Math.max(...seen.map((s) => s.running))).toBe(1);
    expect(Math.max(...seen.map((s) => s.queued))).toBeLessThanOrEqual(32);
    expect(Math.max(...seen.map((s) => s.queued))).toBeGreaterThan(0);

    // Refused sign-ups stored nothing; accepted ones can sign in once the flood is over.
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE username LIKE 'flood_%'",
    );
    expect(rows[0]!.n).toBe(answers.length - refused.length);
    const accepted = answers.findIndex((a) => a.statusCode === 201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: `flood_${accepted}`, password: 'flood-password-1' },
    });
    expect(login.statusCode).toBe(200);
  }, 60_000);
});
