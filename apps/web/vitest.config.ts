import react from '@vitejs/plugin-react';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Test files that replace a package with vi.mock need a module registry of their own: the others share
 * one per worker (and one jsdom), which saves loading React and the app's modules for every file.
 */
const OWN_MODULES = [
  'src/features/auth/google-sign-in.test.tsx',
  'src/features/profile/owner-proof.test.tsx',
  'src/features/profile/profile-sessions.test.tsx',
];

const project = (isolate: boolean): TestProjectInlineConfiguration => ({
  plugins: [react()],
  test: {
    name: isolate ? 'web:own-modules' : 'web',
    root: 'apps/web',
    include: isolate ? OWN_MODULES : ['src/**/*.test.{ts,tsx}'],
    exclude: isolate ? [] : OWN_MODULES,
    isolate,
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
  },
});

/** The web app's test projects, run from the repository's vitest.config.ts. */
export const webProjects = [project(false), project(true)];
