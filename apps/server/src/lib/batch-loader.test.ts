import { describe, expect, it } from 'vitest';
import { createBatchLoader } from './batch-loader';

const tick = () => new Promise((r) => setImmediate(r));

describe('createBatchLoader', () => {
  it('answers lookups asked together with one load, each with its own value', async () => {
    const calls: number[][] = [];
    const load = createBatchLoader<number, string>(async (keys) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 3).map((k) => [k, `v${k}`]));
    });
    const answers = await Promise.all([load(1), load(2), load(1), load(3)]);
    expect(answers).toEqual(['v1', 'v2', 'v1', null]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('never answers a lookup with a load that started before it was asked', async () => {
    let value = 'old';
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const load = createBatchLoader<number, string>(async (keys) => {
      const seen = value;
      started.push(seen);
      await gate;
      return new Map(keys.map((k) => [k, seen]));
    });
    const first = load(1);
    await tick();
    value = 'new';
    const second = load(1);
    release();
    expect(await first).toBe('old');
    expect(await second).toBe('new');
    expect(started).toEqual(['old', 'new']);
  });

  it('keeps at most maxInFlight loads running and sends the waiting keys together next', async () => {
    const calls: number[][] = [];
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const load = createBatchLoader<number, number>(
      async (keys) => {
        calls.push(keys);
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((r) => releases.push(r));
        running--;
        return new Map(keys.map((k) => [k, k * 10]));
      },
      { maxInFlight: 1 },
    );
    const a = load(1);
    await tick();
    const rest = [load(2), load(3), load(4)];
    await tick();
    expect(calls).toEqual([[1]]);
    releases.shift()!();
    expect(await a).toBe(10);
    await tick();
    expect(calls).toEqual([[1], [2, 3, 4]]);
    releases.shift()!();
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
    expect(peak).toBe(1);
  });

  it('rejects every lookup of a failed load, and the next lookups load again', async () => {
    let fail = true;
    const load = createBatchLoader<number, number>(async (keys) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((k) => [k, k]));
    });
    const results = await Promise.allSettled([load(1), load(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await load(1)).toBe(1);
  });

  it('splits a large crowd into batches of at most maxBatch keys', async () => {
    const sizes: number[] = [];
    const load = createBatchLoader<number, number>(
      async (keys) => {
        sizes.push(keys.length);
        return new Map(keys.map((k) => [k, k]));
      },
      { maxBatch: 4 },
    );
    const keys = Array.from({ length: 10 }, (_, i) => i);
    expect(await Promise.all(keys.map(load))).toEqual(keys);
    expect(sizes).toEqual([4, 4, 2]);
  });
});
