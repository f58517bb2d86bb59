import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadWithCodeCache } from './code-cache';

let dir: string;
let cacheDir: string;
let copies = 0;
/**
 * The bundle as a new file each time: V8 keeps what it compiled in memory for a script of the same
 * source and file name, and would not read the cache at all. A new start has no such memory.
 */
const bundle = (name: string, body: string) => {
  const copy = path.join(dir, `copy-${++copies}`);
  mkdirSync(copy);
  const file = path.join(copy, name);
  writeFileSync(file, body);
  return file;
};
const SOURCE = `
const path = require('node:path');
function double(n) { return n * 2; }
exports.answer = double(21);
exports.base = path.basename(__filename);
`;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'insightra-code-cache-'));
  cacheDir = path.join(dir, '.code-cache');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the V8 code cache of the server bundle', () => {
  it('runs the bundle as CommonJS: exports, require and __filename', () => {
    const loaded = loadWithCodeCache(bundle('app-1.cjs', SOURCE), cacheDir);
    expect(loaded.exports.answer).toBe(42);
    expect(loaded.exports.base).toBe('app-1.cjs');
  });

  it('has none at first, writes one, and uses it at the next start', () => {
    const first = loadWithCodeCache(bundle('app-1.cjs', SOURCE), cacheDir);
    expect(first.cache).toBe('absent');
    expect(first.save()).toBe(true);
    expect(readdirSync(cacheDir)).toEqual(['app-1.cjs.v8']);

    const second = loadWithCodeCache(bundle('app-1.cjs', SOURCE), cacheDir);
    expect(second.cache).toBe('used');
    expect(second.exports.answer).toBe(42);
  });

  it("never uses another build's cache, and drops it when writing its own", () => {
    loadWithCodeCache(bundle('app-1.cjs', SOURCE), cacheDir).save();
    const next = loadWithCodeCache(bundle('app-2.cjs', SOURCE.replace('21', '20')), cacheDir);
    expect(next.cache).toBe('absent');
    expect(next.exports.answer).toBe(40);
    next.save();
    expect(readdirSync(cacheDir)).toEqual(['app-2.cjs.v8']);
  });

  it('rejects a damaged cache, still runs the bundle, and writes a good one', () => {
    loadWithCodeCache(bundle('app-1.cjs', SOURCE), cacheDir).save();
    writeFileSync(path.join(cacheDir, 'app-1.cjs.v8'), 'not a code cache');
    const damaged = loadWithCodeCache(bundle('app-1.cjs', SOURCE), cacheDir);
    expect(damaged.cache).toBe('rejected');
    expect(damaged.exports.answer).toBe(42);
    expect(damaged.save()).toBe(true);
    expect(loadWithCodeCache(bundle('app-1.cjs', SOURCE), cacheDir).cache).toBe('used');
  });

  it('starts without a cache where the folder cannot be written', () => {
    const file = bundle('app-1.cjs', SOURCE);
    writeFileSync(path.join(dir, 'not-a-folder'), '');
    const loaded = loadWithCodeCache(file, path.join(dir, 'not-a-folder', '.code-cache'));
    expect(loaded.cache).toBe('absent');
    expect(loaded.exports.answer).toBe(42);
    expect(loaded.save()).toBe(false);
  });
});
