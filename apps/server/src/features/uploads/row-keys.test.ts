import { describe, expect, it } from 'vitest';
import { KeysTooLarge, RowKeys } from './row-keys';

/** Whether each key is new, by RowKeys and by a Set. */
function compare(keys: string[]) {
  const rowKeys = new RowKeys();
  const set = new Set<string>();
  const found = keys.map((k) => rowKeys.add(k));
  const expected = keys.map((k) => !set.has(k) && Boolean(set.add(k)));
  expect(found).toEqual(expected);
  return found.filter((isNew) => !isNew).length;
}

describe('RowKeys', () => {
  it('finds repeats of keys in order, out of order, after the first key out of order, and wide ones', () => {
    const ids = (n: number, at = 0) =>
      Array.from({ length: n }, (_, i) => `STU-${String(i + at).padStart(5, '0')}`);
    expect(compare(ids(50_000))).toBe(0);
    expect(compare([...ids(30_000), 'STU-00007', ...ids(30_000, 30_000), 'STU-40000'])).toBe(2);
    expect(compare(Array.from({ length: 20_000 }, (_, i) => `LST ${i}`))).toBe(0);
    expect(compare(['b', 'a', 'b', 'ab', 'a', 'é', 'ab', '名', 'é', '名', '名前', 'ba'])).toBe(5);
    expect(compare(['a\u0000b', 'a', 'a\u0000b', '', ''])).toBe(2);
    expect(compare(['A-1', 'A-2', '名-1', 'A-1', '名-1', 'A-3'])).toBe(2);
  });

  it('agrees with a Set on many keys with repeats in any order', () => {
    let seed = 1;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed;
    };
    const keys = Array.from({ length: 200_000 }, (_, i) =>
      i % 3 ? `K${next() % 150_000}` : `${String.fromCharCode(0x4e00 + (next() % 50))}${next() % 1000}`,
    );
    expect(compare(keys)).toBeGreaterThan(10_000);
  });

  it('refuses keys past the bytes they may take', () => {
    const keys = new RowKeys(1 << 20);
    // 100,000 keys of 14 characters: 1.4 MB of characters alone.
    const addAll = () => {
      for (let i = 0; i < 100_000; i++) keys.add(`K-${String(i).padStart(12, '0')}`);
    };
    expect(addAll).toThrow(KeysTooLarge);
  });
});
