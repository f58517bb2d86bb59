import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The servers of tests/powerbi.spec.ts: the local Power BI stand-in
 * (apps/server/test/helpers/powerbi/stand-in.ts) and two product servers with BI_PROVIDER=powerbi on it,
 * one in embed-token mode and one in secure-embed mode. The product servers trust the stand-in's
 * self-signed certificate through NODE_EXTRA_CA_CERTS (decision 071).
 */
const PORT = Number(process.env.E2E_POWERBI_PORT ?? 5207);
const STANDIN_PORT = Number(process.env.E2E_STANDIN_PORT ?? PORT + 1000);
export const powerbiBaseURL = `http://127.0.0.1:${PORT}`;
/** The stand-in itself (https, its own certificate): GET /stand-in/embed-tokens lists what it issued. */
export const standInURL = `https://127.0.0.1:${STANDIN_PORT}`;
/** A second server on the same stand-in in secure-embed mode (the plain autoAuth iframe). */
const SECURE_PORT = STANDIN_PORT + 1;
export const secureEmbedBaseURL = `http://127.0.0.1:${SECURE_PORT}`;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'insightra-e2e-pbi-'));
const caFile = path.join(tmp, 'stand-in-ca.pem');

/** Fixed identifiers shared by the stand-in, the server and the spec. */
export const POWERBI_E2E = {
  tenantId: '7d3f2a10-5b6c-4d8e-9f01-23456789abcd',
  clientId: 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8',
  clientSecret: 'e2e-stand-in-client-secret-value',
  workspaceId: 'f0e1d2c3-b4a5-4968-8776-655443322110',
  datasetId: 'd5a4e3b2-c1f0-4e9d-8c7b-6a5948372615',
  reports: ['0b6ea2b5-4a4c-4a2b-9f9f-3c1f0c1d2e3f', '9c8b7a69-5847-4362-a150-f4e3d2c1b0a9'],
  /** The dataset's row-level-security role: every embed token carries the organisation's identity. */
  rlsRoles: 'Customer',
};

const powerbiEnv = {
  POWERBI_TENANT_ID: POWERBI_E2E.tenantId,
  POWERBI_CLIENT_ID: POWERBI_E2E.clientId,
  POWERBI_CLIENT_SECRET: POWERBI_E2E.clientSecret,
  POWERBI_WORKSPACE_ID: POWERBI_E2E.workspaceId,
  POWERBI_DATASET_ID: POWERBI_E2E.datasetId,
};

/** The command that runs the built server: the shared dist/, or a private build (scripts/build-to.sh). */
export const serverCommand = process.env.E2E_BUILD_DIR
  ? `node ${process.env.E2E_BUILD_DIR}/server/server.js`
  : 'node ../apps/server/dist/server.js';
export const buildDirEnv: Record<string, string> = process.env.E2E_BUILD_DIR
  ? { WEB_DIST_DIR: `${process.env.E2E_BUILD_DIR}/web` }
  : {};

function appServer(port: number, mode: 'embed-token' | 'secure-embed') {
  return {
    command: serverCommand,
    url: `http://127.0.0.1:${port}/api/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, `data-${port}`),
      LOG_LEVEL: 'warn',
      ...buildDirEnv,
      ADMIN_USERNAME: 'e2eadmin',
      ADMIN_PASSWORD: 'e2e-admin-password',
      ADMIN_EMAIL: 'admin@e2e.test',
      BI_PROVIDER: 'powerbi',
      POWERBI_EMBED_MODE: mode,
      POWERBI_RLS_ROLES: POWERBI_E2E.rlsRoles,
      POWERBI_API_URL: `https://127.0.0.1:${STANDIN_PORT}/v1.0/myorg`,
      POWERBI_AUTHORITY_HOST: `https://127.0.0.1:${STANDIN_PORT}`,
      NODE_EXTRA_CA_CERTS: caFile,
      ...powerbiEnv,
    },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  };
}

/** Started in order: the stand-in (which writes its certificate) before the servers that trust it. */
export const powerbiWebServers = [
  {
    command: 'node ../node_modules/tsx/dist/cli.mjs ../apps/server/test/helpers/powerbi/stand-in-cli.ts',
    url: `https://127.0.0.1:${STANDIN_PORT}/health`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      ...powerbiEnv,
      STANDIN_PORT: String(STANDIN_PORT),
      STANDIN_CA_FILE: caFile,
      STANDIN_REPORTS: POWERBI_E2E.reports.join(','),
      STANDIN_RLS_ROLES: POWERBI_E2E.rlsRoles,
    },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  },
  appServer(PORT, 'embed-token'),
  appServer(SECURE_PORT, 'secure-embed'),
];
