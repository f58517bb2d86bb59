// Builds the product when the build on disk is missing or was made from other sources (a fresh clone, a
// `git pull`, an edit); an unchanged checkout is not rebuilt. Used by `npm start` (start.mjs), by
// `npm test` before the tests that run the built product, and by `npm run test:e2e`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decide, inputsHash, outputsPresent, readStamp } from './build-inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Held while one process decides and builds, so that two never build into dist/ at once. */
const LOCK = join(root, 'node_modules/.cache/insightra/build.lock');
/** A lock older than this was left by a build that died. */
const STALE_LOCK_MS = 15 * 60 * 1000;

/** @param {number} ms */
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function lock() {
  mkdirSync(dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (err) {
      if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmdirSync(LOCK);
      } catch {
        // removed meanwhile
      }
      sleep(250);
    }
  }
}

/**
 * Builds when needed, printing why or why not; returns the build's exit code (0 when nothing was to do).
 * @param {(line: string) => void} [print]
 */
export function buildIfStale(print = console.log) {
  lock();
  try {
    const verdict = decide({
      stamp: readStamp(root),
      current: inputsHash(root),
      outputsPresent: outputsPresent(root),
    });
    if (!verdict.build) {
      print(`Not rebuilding: ${verdict.reason} (npm run build forces a build).`);
      return 0;
    }
    print(`Building: ${verdict.reason}.`);
    // The production build whoever asks: a test runner's NODE_ENV=test would otherwise give React's
    // development build (double effects, dev-only checks) instead of the one users get.
    /** @type {import('node:child_process').SpawnSyncOptions} */
    const options = { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } };
    const npm = process.env.npm_execpath;
    const result = npm
      ? spawnSync(process.execPath, [npm, 'run', 'build'], options)
      : spawnSync('npm', ['run', 'build'], options);
    return result.status ?? 1;
  } finally {
    rmdirSync(LOCK);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(buildIfStale());
