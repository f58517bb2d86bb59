import { describe, expect, it } from 'vitest';
import { importsOf } from './import-graph';
import { repoFiles } from './repo-files';
import { serverTestHomeViolation } from './server-test-homes';

const SERVER = /^apps\/server\/(src|test)\/.*\.[cm]?[jt]sx?$/;

describe('server tests and fixtures each have one home', () => {
  it('hold for every server file', () => {
    const files = repoFiles().filter((f) => SERVER.test(f));
    expect(files.length).toBeGreaterThan(100);
    const violations = files
      .map((f) => ({
        f,
        why: serverTestHomeViolation(
          f,
          importsOf(f).map((e) => e.to),
        ),
      }))
      .filter((v) => v.why !== null)
      .map((v) => `${v.f}: ${v.why}`);
    expect(violations.join('\n')).toBe('');
  });

  it('name each misplaced file', () => {
    const helper = 'apps/server/test/helpers/app.ts';
    expect(
      serverTestHomeViolation('apps/server/src/lib/hs256.test.ts', ['apps/server/src/lib/hs256.ts']),
    ).toBeNull();
    expect(serverTestHomeViolation('apps/server/src/features/x/routes.test.ts', [helper])).toMatch(
      /goes under apps\/server\/test\/<area>/,
    );
    expect(
      serverTestHomeViolation('apps/server/src/features/x/a.test.ts', ['apps/server/src/app.ts']),
    ).toMatch(/builds the app/);
    expect(serverTestHomeViolation('apps/server/src/features/x/test/multipart.ts', [])).toMatch(
      /fixture inside src/,
    );
    expect(serverTestHomeViolation('apps/server/src/features/x/routes.ts', [helper])).toMatch(
      /source code imports/,
    );
    expect(serverTestHomeViolation('apps/server/test/uploads/upload-csv.test.ts', [helper])).toBeNull();
    expect(serverTestHomeViolation('apps/server/test/helpers/multipart.ts', [])).toBeNull();
    expect(serverTestHomeViolation('apps/server/test/powerbi/stand-in.ts', [])).toMatch(/fixture outside/);
    expect(serverTestHomeViolation('apps/server/test/helpers/a.test.ts', [])).toMatch(/among the fixtures/);
    expect(serverTestHomeViolation('apps/server/test/a.test.ts', [])).toMatch(
      /outside apps\/server\/test\/<area>/,
    );
  });
});
