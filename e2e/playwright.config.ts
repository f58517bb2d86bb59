import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { buildDirEnv, powerbiBaseURL, powerbiWebServers, serverCommand } from './powerbi-servers';

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
  // Screenshots are named without the project: only the product project takes them.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{-snapshotSuffix}{ext}',
  // tests/powerbi.spec.ts runs against servers with BI_PROVIDER=powerbi (powerbi-servers.ts); every
  // other spec against the product as it starts by default.
  projects: [
    { name: 'product', testIgnore: 'powerbi.spec.ts' },
    { name: 'powerbi', testMatch: 'powerbi.spec.ts', use: { baseURL: powerbiBaseURL } },
  ],
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
  webServer: [
    {
      command: serverCommand,
      url: `${baseURL}/api/powerbi/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...buildDirEnv,
        ADMIN_USERNAME: 'e2eadmin',
        ADMIN_PASSWORD: 'e2e-admin-password',
        ADMIN_EMAIL: 'admin@e2e.test',
        // Every spec registers its members from the one address 127.0.0.1: more than the default's 20.
        REGISTER_LIMIT_PER_HOUR: '1000',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    ...powerbiWebServers,
  ],
});
