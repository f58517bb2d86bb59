/**
 * Where a server test lives (docs/ARCHITECTURE.md#tests): a unit test of one module sits beside it in
 * `apps/server/src` and builds no app; a test through HTTP of the built app (or of the server process,
 * or against a stand-in) sits in `apps/server/test/<area>/`; every fixture sits in
 * `apps/server/test/helpers/`.
 */
const SRC = 'apps/server/src/';
const TEST = 'apps/server/test/';
const HELPERS = 'apps/server/test/helpers/';
const isTest = (f: string) => /\.test\.[cm]?tsx?$/.test(f);

/** What is wrong with where `file` lives, given the repository files its imports resolve to; or null. */
export function serverTestHomeViolation(file: string, imports: readonly (string | null)[]): string | null {
  if (file.startsWith(SRC)) {
    if (/\/test\//.test(file.slice(SRC.length - 1))) {
      return 'a test fixture inside src: fixtures live in apps/server/test/helpers/';
    }
    const reaches = imports.find((to) => to?.startsWith(TEST));
    if (reaches && isTest(file)) {
      return `a test beside its code uses ${reaches}: a test that builds the app or uses fixtures goes under apps/server/test/<area>/`;
    }
    if (reaches) return `source code imports the tests' ${reaches}`;
    if (isTest(file) && imports.includes('apps/server/src/app.ts')) {
      return 'a test beside its code builds the app: it goes under apps/server/test/<area>/';
    }
    return null;
  }
  if (!file.startsWith(TEST)) return null;
  if (file.startsWith(HELPERS)) {
    return isTest(file) ? 'a test among the fixtures: tests go under apps/server/test/<area>/' : null;
  }
  if (!isTest(file)) return 'a fixture outside apps/server/test/helpers/';
  if (!/^apps\/server\/test\/[^/]+\/[^/]+$/.test(file)) {
    return 'a test outside apps/server/test/<area>/ (one folder per area, no deeper)';
  }
  return null;
}
