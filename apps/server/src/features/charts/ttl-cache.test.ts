import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('shares one load among concurrent callers and reloads after the time-to-live', async () => {
    let now = 1_000;
    let loads = 0;
    const cache = new TtlCache(5_000, () => now);
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    now += 4_999;
    expect(await cache.get('k', load)).toBe(1);
    now += 1;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache(5_000);
    await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('keeps nothing when the time-to-live is 0, and forgets everything on clear()', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const off = new TtlCache(0);
    await off.get('k', load);
    await off.get('k', load);
    expect(loads).toBe(2);
    const on = new TtlCache(60_000);
    await on.get('k', load);
    on.clear();
    expect(await on.get('k', load)).toBe(4);
  });
});
