import { generate } from 'selfsigned';

/** The Power BI stand-in's fixed answers: its certificate, and bodies shaped as Entra ID and Power BI send them. */

export interface StandInReport {
  id: string;
  name: string;
  datasetId: string;
  /** As GET …/pages lists them: not necessarily in their order. */
  pages: { name: string; displayName: string; order: number }[];
}
/** A refresh as GET …/refreshes lists it. */
export interface StandInRefresh {
  requestId: string;
  refreshType: string;
  startTime: string;
  endTime: string | null;
  status: 'Unknown' | 'Completed' | 'Failed' | 'Disabled' | 'Cancelled';
  serviceExceptionJson: string | null;
}
export interface Failure {
  status: number;
  retryAfter?: number;
  /** How many requests fail before the endpoint recovers (all when absent). */
  times?: number;
}
export type Endpoint = 'token' | 'groups' | 'report' | 'generateToken' | 'refreshes' | 'postRefresh';

let certificate: Promise<{ key: string; cert: string }> | null = null;

/**
 * A self-signed certificate for localhost and 127.0.0.1 (the server trusts it as its CA), made once per
 * process: every stand-in of a process shares it, since two trusted authorities of the same name make
 * TLS check a stand-in's certificate against the other's.
 */
export function localhostCertificate(): Promise<{ key: string; cert: string }> {
  certificate ??= generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  }).then((pems) => ({ key: pems.private, cert: pems.cert }));
  return certificate;
}

/** A configured failure as the endpoint answers it: Entra ID's OAuth error body, or Power BI's. */
export function failureAnswer(endpoint: Endpoint, f: Failure) {
  const headers: Record<string, string> =
    f.retryAfter !== undefined ? { 'retry-after': String(f.retryAfter) } : {};
  if (endpoint !== 'token')
    return {
      status: f.status,
      body: { error: { code: f.status === 429 ? 'TooManyRequests' : 'StandInFailure' } },
      headers,
    };
  const error =
    f.status === 401 ? 'invalid_client' : f.status === 400 ? 'invalid_request' : 'temporarily_unavailable';
  return {
    status: f.status,
    body: { error, error_description: `AADSTS7000215: stand-in ${error}`, error_codes: [7000215] },
    headers,
  };
}

/** The tenant's OpenID configuration, which msal reads for a known authority. */
export function openIdConfiguration(origin: string, tenantId: string) {
  const tenant = `${origin}/${tenantId}`;
  return {
    token_endpoint: `${tenant}/oauth2/v2.0/token`,
    authorization_endpoint: `${tenant}/oauth2/v2.0/authorize`,
    end_session_endpoint: `${tenant}/oauth2/v2.0/logout`,
    jwks_uri: `${tenant}/discovery/v2.0/keys`,
    issuer: `${tenant}/v2.0`,
    token_endpoint_auth_methods_supported: ['client_secret_post'],
  };
}

/** GET …/groups/{workspace}/reports/{report}. */
export function reportAnswer(report: StandInReport, workspaceId: string) {
  return {
    id: report.id,
    name: report.name,
    reportType: 'PowerBIReport',
    datasetId: report.datasetId,
    datasetWorkspaceId: workspaceId,
    webUrl: `https://app.powerbi.com/groups/${workspaceId}/reports/${report.id}`,
    embedUrl: `https://app.powerbi.com/reportEmbed?reportId=${report.id}&groupId=${workspaceId}`,
  };
}
