import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.config';

/**
 * Server test files whose subject does not depend on the database driver (HTTP handling, parsing,
 * rendering, the bundle, unit tests of pure modules): they run on PGlite only. Every other server file,
 * and so every SQL path, runs on both databases when TEST_DATABASE_URL is set.
 */
const DRIVER_INDEPENDENT = [
  'src/config.test.ts',
  'src/db/availability.test.ts',
  'src/db/sector-tables.test.ts',
  'src/features/charts/ttl-cache.test.ts',
  'src/features/exports/csv.test.ts',
  'src/features/exports/sheet-names.test.ts',
  'src/features/exports/slots.test.ts',
  'src/features/subscriptions/schedule.test.ts',
  'src/features/uploads/csv-worker-client.test.ts',
  'src/features/uploads/row-processor.test.ts',
  'src/features/uploads/validate.test.ts',
  'src/lib/batch-loader.test.ts',
  'src/lib/code-cache.test.ts',
  'src/lib/hs256.test.ts',
  'src/plugins/security.test.ts',
  'test/auth/client-address.test.ts',
  'test/auth/hash-bound.test.ts',
  'test/exports/pdf-pages.test.ts',
  'test/foundation/no-store.test.ts',
  'test/foundation/prerendered-pages.test.ts',
  'test/foundation/server-bundle.test.ts',
  'test/foundation/timeouts.test.ts',
  'test/uploads/upload-xlsx-inflation.test.ts',
];

/**
 * Server test files that need a module registry of their own: the others share one per worker, which
 * saves loading the app's modules again for every file (most of a file's time otherwise).
 */
const OWN_MODULES = ['test/powerbi/**/*.test.ts'];

const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts'];

const serverProject = (kind: 'pglite' | 'postgres', isolate: boolean) => {
  const exclude = kind === 'postgres' ? DRIVER_INDEPENDENT : [];
  return {
    extends: true as const,
    test: {
      name: `server:${kind}${isolate ? ':own-modules' : ''}`,
      root: 'apps/server',
      include: isolate ? OWN_MODULES : ALL,
      exclude: isolate ? exclude : [...exclude, ...OWN_MODULES],
      isolate,
      environment: 'node' as const,
      globalSetup: ['test/helpers/global-setup.ts'],
      env: { TEST_DB_KIND: kind },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
};

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
      serverProject('pglite', false),
      serverProject('pglite', true),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('postgres', false), serverProject('postgres', true)]
        : []),
      ...webProjects,
    ],
  },
});
