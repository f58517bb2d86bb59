import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir, testDatabaseKind } from '../helpers/database';
import { PowerBiStandIn } from '../helpers/powerbi/stand-in';
import { serverStarter, startServer, stopServer, waitForOutput } from '../helpers/server-process';

let standIn: PowerBiStandIn;
/** The stand-in's certificate, trusted by the server through NODE_EXTRA_CA_CERTS (decision 071). */
let caFile: string;

beforeAll(async () => {
  standIn = await new PowerBiStandIn().start();
  caFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'insightra-pbi-ca-')), 'stand-in-ca.pem');
  writeFileSync(caFile, standIn.ca);
});
afterAll(async () => {
  await standIn.stop();
});

const start = serverStarter({});

// The server process reads no test database: one run is enough.
describe.runIf(testDatabaseKind === 'pglite')('a Power BI server in embed-token mode', () => {
  it('refuses to start without POWERBI_RLS_ROLES unless POWERBI_SHARED_DATASET=true', async () => {
    const refused = await startServer(standIn.env({ POWERBI_SHARED_DATASET: '' }), { waitReady: false });
    try {
      expect(await Promise.race([refused.exited, delay(30_000, 'still running')])).toBe(1);
      expect(refused.output().trim()).toBe(
        'Configuration error: POWERBI_RLS_ROLES is required when BI_PROVIDER=powerbi issues embed tokens (the row-level-security roles that show each member only their rows), unless POWERBI_SHARED_DATASET=true says every member may see every row',
      );
    } finally {
      // A server that started after all is not left running.
      await stopServer(refused.child, 'SIGKILL');
    }
  }, 60_000);

  it('starts with POWERBI_SHARED_DATASET=true, warning that every member sees every row', async () => {
    const shared = await start({
      ...standIn.env({ POWERBI_SHARED_DATASET: 'true' }),
      DATA_DIR: await migratedDataDir(),
      NODE_EXTRA_CA_CERTS: caFile,
    });
    // Ready: its health check reached the stand-in.
    const health = await fetch(`${shared.url}/api/powerbi/health`);
    expect(await health.json()).toMatchObject({ provider: 'powerbi', bi: 'ok' });
    await waitForOutput(shared, 'every member sees every row of the Power BI dataset, on purpose');
    expect(shared.output()).toContain('POWERBI_SHARED_DATASET=true');
  }, 90_000);
});
