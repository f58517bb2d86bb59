import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 5179);
export const baseURL = `http://127.0.0.1:${PORT}`;
// A fresh database for every run.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'insightra-e2e-'));

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  // Runs against a server with BI_PROVIDER=powerbi: playwright.powerbi.config.ts.
  testIgnore: 'powerbi.spec.ts',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  webServer: {
    // E2E_BUILD_DIR runs a private build (scripts/build-to.sh) instead of the shared dist/.
    command: process.env.E2E_BUILD_DIR
      ? `node ${process.env.E2E_BUILD_DIR}/server/server.js`
      : 'node ../apps/server/dist/server.js',
    url: `${baseURL}/api/powerbi/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_BUILD_DIR ? { WEB_DIST_DIR: `${process.env.E2E_BUILD_DIR}/web` } : {}),
      ADMIN_USERNAME: 'e2eadmin',
      ADMIN_PASSWORD: 'e2e-admin-password',
      ADMIN_EMAIL: 'admin@e2e.test',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
