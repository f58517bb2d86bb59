import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles, repoRoot } from './repo-files';

const SERVER_SOURCES = /^apps\/server\/src\/.*\.(ts|mts|mjs)$/;
const TESTS = /\.test\.ts$/;

/**
 * The server files that read `process.env`, each with its reason. Every setting of the product is read
 * and validated by `config.ts` (`loadConfig`); the rest are switches for development, tests and
 * benchmarks, or the one read that must come before the configuration loads.
 */
const ENV_READERS: Record<string, string> = {
  'apps/server/src/config.ts': 'the configuration: every setting, validated',
  'apps/server/src/start.ts':
    "PGlite's folder (DATABASE_URL, DATA_DIR), to start its thread before the server loads",
  'apps/server/src/lib/env-file.ts': 'reads `.env` into the environment, for the entries',
  'apps/server/src/lib/startup-timing.ts': 'STARTUP_TIMING, the start-up milestones',
  'apps/server/src/features/uploads/pause.ts': 'UPLOAD_TEST_PAUSE, read only when NODE_ENV=test',
};

const ENV_READ = /process\.(env\b|loadEnvFile\()/;

function envReads(file: string, text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => (ENV_READ.test(line) ? `${file}:${i + 1}: ${line.trim()}` : null))
    .filter((hit): hit is string => hit !== null);
}

describe('environment reads', () => {
  it('only config.ts and the files of ENV_READERS read process.env in the server', () => {
    const files = repoFiles().filter((f) => SERVER_SOURCES.test(f) && !TESTS.test(f));
    expect(files.length).toBeGreaterThan(50);
    const hits = files
      .filter((f) => !(f in ENV_READERS))
      .flatMap((f) => envReads(f, readFileSync(join(repoRoot, f), 'utf8')));
    expect(hits.join('\n')).toBe('');
    for (const reader of Object.keys(ENV_READERS)) expect(files).toContain(reader);
  });

  it('finds a read of the environment', () => {
    expect(envReads('a.ts', 'const port = Number(process.env.PORT);')).toHaveLength(1);
    expect(envReads('a.ts', "process.loadEnvFile('.env');")).toHaveLength(1);
    expect(envReads('a.ts', 'const port = app.config.port;')).toEqual([]);
  });
});
