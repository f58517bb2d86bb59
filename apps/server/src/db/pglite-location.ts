import path from 'node:path';

/** DATA_DIR as configured (default `data`), resolved from the working folder. */
export function dataDirectory(value: string | undefined, cwd = process.cwd()): string {
  return path.resolve(cwd, value?.trim() ? value.trim() : 'data');
}

/** Where PGlite keeps its files: `pglite/` under DATA_DIR. */
export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
