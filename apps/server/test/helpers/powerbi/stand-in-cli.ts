/**
 * Runs the Power BI stand-in as a process, for the browser test (e2e/powerbi-servers.ts).
 * Environment: STANDIN_PORT, STANDIN_CA_FILE (where the certificate is written for the server's
 * NODE_EXTRA_CA_CERTS), the POWERBI_* identifiers, STANDIN_REPORTS (comma-separated report ids) and
 * STANDIN_RLS_ROLES (comma-separated: the dataset's row-level-security roles; unset: none).
 */
import { writeFileSync } from 'node:fs';
import { PowerBiStandIn } from './stand-in';

const env = process.env;
const standIn = new PowerBiStandIn({
  ...(env.POWERBI_TENANT_ID ? { tenantId: env.POWERBI_TENANT_ID } : {}),
  ...(env.POWERBI_CLIENT_ID ? { clientId: env.POWERBI_CLIENT_ID } : {}),
  ...(env.POWERBI_CLIENT_SECRET ? { clientSecret: env.POWERBI_CLIENT_SECRET } : {}),
  ...(env.POWERBI_WORKSPACE_ID ? { workspaceId: env.POWERBI_WORKSPACE_ID } : {}),
  ...(env.POWERBI_DATASET_ID ? { datasetId: env.POWERBI_DATASET_ID } : {}),
});
const roles = (env.STANDIN_RLS_ROLES ?? '').split(',').filter(Boolean);
if (roles.length > 0) standIn.rlsDatasets.set(standIn.datasetId, roles);
for (const [i, id] of (env.STANDIN_REPORTS ?? '').split(',').filter(Boolean).entries()) {
  standIn.addReport(`Report ${i + 1}`, standIn.datasetId, id);
}
// The certificate exists before the server starts listening: write it first, then listen.
await standIn.start(Number(env.STANDIN_PORT ?? 0));
if (env.STANDIN_CA_FILE) writeFileSync(env.STANDIN_CA_FILE, standIn.ca);
console.log(`Power BI stand-in on ${standIn.authorityHost}`);
const stop = () => void standIn.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
