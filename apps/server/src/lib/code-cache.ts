import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** Whether V8's compiled code from an earlier start was used: none yet, used, or rejected (stale). */
export type CodeCacheState = 'absent' | 'used' | 'rejected';

export interface LoadedBundle {
  exports: Record<string, unknown>;
  cache: CodeCacheState;
  /**
   * Writes the code V8 has compiled so far — call it once the bundle has done its start-up work —
   * unless the cache was used or is written already. Best effort: false when the folder cannot be
   * written (a read-only install).
   */
  save(): boolean;
}

/**
 * Runs a CommonJS bundle with V8's code cache (decision 123): the code compiled during one start is
 * kept in `cacheDir` and the next start deserialises it instead of parsing and compiling again.
 * The cache is named after the bundle's file, which the build names by its content's hash, so a new
 * build never uses another build's code; V8 itself rejects a cache from another V8 version or flags.
 * The bundle loads other files with `require` only: on Node 20 a script compiled from the cache has no
 * import() (the build turns the bundle's import() calls into require, build/required-externals.mjs).
 */
export function loadWithCodeCache(file: string, cacheDir: string): LoadedBundle {
  const source = readFileSync(file, 'utf8');
  const cacheFile = path.join(cacheDir, `${path.basename(file)}.v8`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const cache: CodeCacheState = !cachedData ? 'absent' : script.cachedDataRejected ? 'rejected' : 'used';
  let saved = cache === 'used';
  const module = { exports: {} as Record<string, unknown> };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
  return {
    exports: module.exports,
    cache,
    save: () => {
      if (saved) return true;
      try {
        mkdirSync(cacheDir, { recursive: true });
        const partial = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, cacheFile);
        saved = true;
        // Other builds' caches are of no further use.
        for (const name of readdirSync(cacheDir)) {
          if (name !== path.basename(cacheFile)) rmSync(path.join(cacheDir, name), { force: true });
        }
        return true;
      } catch {
        return false;
      }
    },
  };
}
