import { defineConfig } from 'vitest/config';

const serverProject = (kind: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server:${kind}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node' as const,
    globalSetup: ['test/helpers/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Most server test files spend their time waiting on a database, a child server or a timer, so two
    // files at once use a 2-core machine better than Vitest's default of one worker per core but one.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Checks of the repository itself: document references, the decision index, import rules,
        // the start-up build check. Fast: no build, no database.
        test: {
          name: 'repo',
          root: '.',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          // Reading every source file's imports takes a few seconds on a busy machine.
          testTimeout: 30_000,
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
