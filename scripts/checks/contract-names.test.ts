import { describe, expect, it } from 'vitest';
import { clashes, exportedNames, readText } from './contract-names';
import { repoFiles } from './repo-files';

// A name means one thing: the contract's `authRoutes` is its table of route definitions, so the
// server's function that registers them is `registerAuthRoutes` (docs/ARCHITECTURE.md#conventions).
describe('no server export reuses a name the contract exports', () => {
  it('holds for the server sources', () => {
    const files = repoFiles();
    const contract = new Set(
      files
        .filter((f) => /^packages\/contract\/src\/.*\.ts$/.test(f) && !f.endsWith('.test.ts'))
        .flatMap((f) => exportedNames(readText(f))),
    );
    expect(contract.has('authRoutes')).toBe(true);
    const server = Object.fromEntries(
      files
        .filter((f) => /^apps\/server\/src\/.*\.ts$/.test(f) && !f.endsWith('.test.ts'))
        .map((f) => [f, readText(f)]),
    );
    expect(Object.keys(server).length).toBeGreaterThan(50);
    expect(clashes(contract, server)).toEqual([]);
  });

  it('names a planted clash', () => {
    const contract = new Set(['authRoutes', 'User']);
    const server = {
      'apps/server/src/features/auth/routes.ts':
        'export async function authRoutes(app) {}\nexport const ok = 1;',
      'apps/server/src/db/schema.ts': 'export interface User { id: number }',
    };
    expect(clashes(contract, server)).toEqual([
      'apps/server/src/features/auth/routes.ts: authRoutes',
      'apps/server/src/db/schema.ts: User',
    ]);
  });
});
