import { randomBytes, randomUUID } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  type Endpoint,
  type Failure,
  failureAnswer,
  localhostCertificate,
  openIdConfiguration,
  reportAnswer,
  type StandInRefresh,
  type StandInReport,
} from './stand-in-answers';
import { type GenerateTokenBody, identityRefusalOf } from './stand-in-identities';

export type { Endpoint, Failure, StandInRefresh, StandInReport } from './stand-in-answers';

/** An export-to-file job: the ExportTo body it was asked with, its pages, and the polls it has answered. */
export interface StandInExport {
  id: string;
  reportId: string;
  body: ExportToBody;
  pages: string[];
  polls: number;
  status: 'NotStarted' | 'Running' | 'Succeeded' | 'Failed';
}
interface ExportToBody {
  format?: string;
  powerBIReportConfiguration?: {
    pages?: { pageName: string }[];
    identities?: GenerateTokenBody['identities'];
  };
}

export interface StandInOptions {
  tenantId?: string;
  clientId?: string;
  clientSecret?: string;
  workspaceId?: string;
  datasetId?: string;
  port?: number;
}

/**
 * A local stand-in for Entra ID (the OpenID configuration msal reads and the client-credentials token
 * endpoint) and the Power BI REST endpoints the provider uses (docs/EXTERNAL-SERVICES.md#power-bi-rest-api), over https with a
 * certificate generated at start. Switches in `fail` reproduce every failure the provider must survive.
 */
export class PowerBiStandIn {
  readonly tenantId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly workspaceId: string;
  readonly datasetId: string;
  readonly reports = new Map<string, StandInReport>();
  /** Newest first, as Power BI lists them. */
  readonly refreshes: StandInRefresh[] = [];
  /** Failure switches per endpoint; 'hang' never answers (a timeout for the client). */
  readonly fail: Partial<Record<Endpoint, Failure | 'hang'>> = {};
  /** Workspace access of the service principal: false answers 403 on every workspace call. */
  workspaceAccess = true;
  /** What a POST refresh answers while one runs: 400 (2025 docs) or 409 (2021 docs). */
  busyStatus: 400 | 409 = 400;
  /**
   * Datasets with row-level security, with their role names. Like Power BI, GenerateToken then requires
   * an effective identity for them, and refuses one for any other dataset.
   */
  readonly rlsDatasets = new Map<string, string[]>();
  /** Export-to-file jobs by id; each answers `exportPolls` status polls as Running, then `exportOutcome`. */
  readonly exports = new Map<string, StandInExport>();
  exportPolls = 2;
  exportOutcome: 'Succeeded' | 'Failed' = 'Succeeded';
  /** Lifetime of issued AAD tokens and embed tokens. */
  aadExpiresInSeconds = 3599;
  embedTokenLifetimeMs = 60 * 60 * 1000;
  readonly calls: { method: string; path: string; body: string }[] = [];
  readonly issuedAccessTokens: string[] = [];
  readonly issuedEmbedTokens: { token: string; tokenId: string; body: unknown }[] = [];
  ca = '';
  private readonly revoked: string[] = [];
  private readonly accessTokenExpiry = new Map<string, number>();
  private server: https.Server | null = null;
  private origin = '';

  constructor(options: StandInOptions = {}) {
    this.tenantId = options.tenantId ?? randomUUID();
    this.clientId = options.clientId ?? randomUUID();
    this.clientSecret = options.clientSecret ?? `secret-${randomBytes(12).toString('hex')}`;
    this.workspaceId = options.workspaceId ?? randomUUID();
    this.datasetId = options.datasetId ?? randomUUID();
  }

  get authorityHost() {
    return this.origin;
  }
  get apiUrl() {
    return `${this.origin}/v1.0/myorg`;
  }
  /**
   * The environment a server needs to use this stand-in. Its datasets have no row-level security unless
   * a test names them in `rlsDatasets`, so the dataset is declared shared unless `extra` says otherwise.
   */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      BI_PROVIDER: 'powerbi',
      POWERBI_SHARED_DATASET: 'true',
      POWERBI_TENANT_ID: this.tenantId,
      POWERBI_CLIENT_ID: this.clientId,
      POWERBI_CLIENT_SECRET: this.clientSecret,
      POWERBI_WORKSPACE_ID: this.workspaceId,
      POWERBI_DATASET_ID: this.datasetId,
      POWERBI_API_URL: this.apiUrl,
      POWERBI_AUTHORITY_HOST: this.authorityHost,
      ...extra,
    };
  }

  /** A report of one page; a test gives it more through `pages`. */
  addReport(name = 'Report', datasetId = this.datasetId, id: string = randomUUID()): StandInReport {
    const report = { id, name, datasetId, pages: [{ name: 'ReportSection', displayName: name, order: 0 }] };
    this.reports.set(report.id, report);
    return report;
  }

  /** Ends the newest running refresh with `status`. */
  finishRefresh(status: StandInRefresh['status'] = 'Completed', error?: string) {
    const running = this.refreshes.find((r) => r.status === 'Unknown');
    if (!running) throw new Error('no refresh is running');
    running.status = status;
    running.endTime = new Date().toISOString();
    if (error)
      running.serviceExceptionJson = JSON.stringify({
        errorCode: 'ModelRefreshFailed',
        errorDescription: error,
      });
  }

  /** Power BI stops accepting every Entra token issued so far (as after a revocation). */
  revokeAccessTokens() {
    this.revoked.push(...this.issuedAccessTokens);
  }

  callsTo(pathPrefix: string, method?: string) {
    return this.calls.filter((c) => c.path.startsWith(pathPrefix) && (!method || c.method === method));
  }

  async start(port = 0): Promise<this> {
    const pems = await localhostCertificate();
    this.ca = pems.cert;
    const server = https.createServer({ key: pems.key, cert: pems.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () =>
        this.handle(
          req.method ?? 'GET',
          req.url ?? '/',
          req.headers,
          Buffer.concat(chunks).toString('utf8'),
          res,
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The configured failure for `endpoint`, consumed once per request. */
  private failure(endpoint: Endpoint): Failure | 'hang' | null {
    const f = this.fail[endpoint];
    if (!f) return null;
    if (f === 'hang' || f.times === undefined) return f;
    if (f.times <= 0) return null;
    f.times -= 1;
    return f;
  }

  private handle(
    method: string,
    rawUrl: string,
    headers: NodeJS.Dict<string | string[]>,
    body: string,
    res: import('node:http').ServerResponse,
  ) {
    const url = new URL(rawUrl, this.origin);
    const path = url.pathname;
    this.calls.push({ method, path: `${path}${url.search}`, body });
    const send = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        requestid: randomUUID(),
        ...extra,
      });
      res.end(payload === undefined ? '' : JSON.stringify(payload));
    };
    const applyFailure = (endpoint: Endpoint): boolean => {
      const f = this.failure(endpoint);
      if (!f) return false;
      if (f === 'hang') return true; // never answers
      const answer = failureAnswer(endpoint, f);
      send(answer.status, answer.body, answer.headers);
      return true;
    };

    if (method === 'GET' && path === '/health') return send(200, { ok: true });
    // Not Power BI's: what a browser test running the stand-in as a process reads of the embed tokens it
    // issued (the effective identities each GenerateToken asked for).
    if (method === 'GET' && path === '/stand-in/embed-tokens')
      return send(200, {
        value: this.issuedEmbedTokens.map(({ token, body: asked }) => ({
          token,
          identities: (asked as GenerateTokenBody).identities ?? [],
        })),
      });
    // Entra ID: OpenID configuration (read by msal for a known authority) and the token endpoint.
    const tenantBase = `/${this.tenantId}`;
    if (method === 'GET' && path === `${tenantBase}/v2.0/.well-known/openid-configuration`)
      return send(200, openIdConfiguration(this.origin, this.tenantId));
    if (method === 'POST' && path === `${tenantBase}/oauth2/v2.0/token`) {
      if (applyFailure('token')) return;
      const form = new URLSearchParams(body);
      if (
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== this.clientId ||
        form.get('client_secret') !== this.clientSecret
      ) {
        return send(401, {
          error: 'invalid_client',
          error_description: 'AADSTS7000215: Invalid client secret provided.',
          error_codes: [7000215],
        });
      }
      if (form.get('scope') !== 'https://analysis.windows.net/powerbi/api/.default') {
        return send(400, { error: 'invalid_scope', error_description: 'AADSTS70011: invalid scope' });
      }
      const token = `aad-${randomBytes(24).toString('hex')}`;
      this.issuedAccessTokens.push(token);
      this.accessTokenExpiry.set(token, Date.now() + this.aadExpiresInSeconds * 1000);
      return send(200, {
        token_type: 'Bearer',
        expires_in: this.aadExpiresInSeconds,
        ext_expires_in: this.aadExpiresInSeconds,
        access_token: token,
      });
    }

    // Power BI REST API.
    const api = '/v1.0/myorg';
    if (!path.startsWith(`${api}/`)) return send(404, { error: { code: 'NotFound' } });
    const auth = String(headers.authorization ?? '');
    const bearer = auth.replace(/^Bearer /, '');
    if (!this.issuedAccessTokens.includes(bearer) || this.revoked.includes(bearer)) {
      return send(401, { error: { code: 'TokenExpired' } });
    }
    const rest = path.slice(api.length);
    const ws = `/groups/${this.workspaceId}`;

    if (method === 'GET' && rest === '/groups') {
      if (applyFailure('groups')) return;
      return send(200, {
        value: this.workspaceAccess
          ? [{ id: this.workspaceId, name: 'Insightra', isOnDedicatedCapacity: true }]
          : [],
      });
    }
    const reportMatch = rest.match(/^\/groups\/([^/]+)\/reports\/([^/]+)$/);
    if (method === 'GET' && reportMatch) {
      if (applyFailure('report')) return;
      if (reportMatch[1] !== this.workspaceId || !this.workspaceAccess)
        return send(403, { error: { code: 'Unauthorized' } });
      const report = this.reports.get(decodeURIComponent(reportMatch[2]!));
      if (!report) return send(404, { error: { code: 'PowerBIEntityNotFound' } });
      return send(200, reportAnswer(report, this.workspaceId));
    }
    const pagesMatch = rest.match(/^\/groups\/([^/]+)\/reports\/([^/]+)\/pages$/);
    if (method === 'GET' && pagesMatch && pagesMatch[1] === this.workspaceId) {
      const report = this.reports.get(decodeURIComponent(pagesMatch[2]!));
      if (!report) return send(404, { error: { code: 'PowerBIEntityNotFound' } });
      return send(200, { value: report.pages });
    }
    if (method === 'POST' && rest === '/GenerateToken') {
      if (applyFailure('generateToken')) return;
      if (!this.workspaceAccess) return send(403, { error: { code: 'Unauthorized' } });
      const parsed = JSON.parse(body || '{}') as GenerateTokenBody;
      if (!parsed.reports?.length || parsed.reports.some((r) => !this.reports.has(r.id))) {
        return send(400, { error: { code: 'InvalidRequest' } });
      }
      const identityRefusal = identityRefusalOf(parsed, this.rlsDatasets);
      if (identityRefusal) return send(400, { error: { code: 'InvalidRequest', message: identityRefusal } });
      const token = `embed-${randomBytes(24).toString('hex')}`;
      const tokenId = randomUUID();
      this.issuedEmbedTokens.push({ token, tokenId, body: parsed });
      // An embed token never outlives the Entra token that generated it (docs/EXTERNAL-SERVICES.md#power-bi-rest-api).
      // lifetimeInMinutes can only shorten it.
      const asked = (parsed.lifetimeInMinutes ?? 0) > 0 ? parsed.lifetimeInMinutes! * 60_000 : Infinity;
      const expiry = Math.min(
        Date.now() + Math.min(this.embedTokenLifetimeMs, asked),
        this.accessTokenExpiry.get(bearer) ?? 0,
      );
      return send(200, { token, tokenId, expiration: new Date(expiry).toISOString() });
    }
    if (rest === `${ws}/datasets/${this.datasetId}/refreshes`) {
      if (!this.workspaceAccess) return send(403, { error: { code: 'Unauthorized' } });
      if (method === 'GET') {
        if (applyFailure('refreshes')) return;
        const top = Number(url.searchParams.get('$top') ?? 60);
        return send(200, { value: this.refreshes.slice(0, Math.max(1, Math.min(top, 60))) });
      }
      if (method === 'POST') {
        if (applyFailure('postRefresh')) return;
        const parsed = JSON.parse(body || '{}') as { notifyOption?: string };
        if (parsed.notifyOption !== 'NoNotification')
          return send(400, { error: { code: 'InvalidNotifyOption' } });
        if (this.refreshes.some((r) => r.status === 'Unknown'))
          return send(this.busyStatus, { error: { code: 'RefreshInProgress' } });
        const requestId = randomUUID();
        this.refreshes.unshift({
          requestId,
          refreshType: 'ViaApi',
          startTime: new Date().toISOString(),
          endTime: null,
          status: 'Unknown',
          serviceExceptionJson: null,
        });
        return send(202, undefined, { 'x-ms-request-id': requestId });
      }
    }
    const exportTo = rest.match(/^\/groups\/([^/]+)\/reports\/([^/]+)\/ExportTo$/);
    if (method === 'POST' && exportTo && exportTo[1] === this.workspaceId) {
      const report = this.reports.get(decodeURIComponent(exportTo[2]!));
      if (!report) return send(404, { error: { code: 'PowerBIEntityNotFound' } });
      const parsed = JSON.parse(body || '{}') as ExportToBody;
      if (parsed.format !== 'PDF' && parsed.format !== 'PNG')
        return send(400, { error: { code: 'InvalidRequest', message: 'Unsupported format' } });
      // Like an embed token, an export sees a dataset with row-level security only through an identity.
      const identities = parsed.powerBIReportConfiguration?.identities;
      const refusal = identityRefusalOf(
        { datasets: [{ id: report.datasetId }], ...(identities ? { identities } : {}) },
        this.rlsDatasets,
      );
      if (refusal) return send(400, { error: { code: 'InvalidRequest', message: refusal } });
      const asked = parsed.powerBIReportConfiguration?.pages?.map((p) => p.pageName);
      if (asked?.some((name) => !report.pages.some((p) => p.name === name)))
        return send(400, { error: { code: 'InvalidRequest', message: 'Unknown page' } });
      const job: StandInExport = {
        id: randomBytes(12).toString('base64url'),
        reportId: report.id,
        body: parsed,
        pages: asked ?? report.pages.map((p) => p.name),
        polls: 0,
        status: 'NotStarted',
      };
      this.exports.set(job.id, job);
      return send(202, exportAnswer(job), { 'retry-after': '0' });
    }
    const exportJob = rest.match(/^\/groups\/([^/]+)\/reports\/([^/]+)\/exports\/([^/]+)(\/file)?$/);
    if (method === 'GET' && exportJob && exportJob[1] === this.workspaceId) {
      const job = this.exports.get(decodeURIComponent(exportJob[3]!));
      if (!job || job.reportId !== decodeURIComponent(exportJob[2]!))
        return send(404, { error: { code: 'PowerBIEntityNotFound' } });
      if (exportJob[4]) {
        if (job.status !== 'Succeeded') return send(404, { error: { code: 'ExportNotReady' } });
        res.writeHead(200, { 'content-type': job.body.format === 'PDF' ? 'application/pdf' : 'image/png' });
        return res.end(exportedFile(job));
      }
      job.polls += 1;
      job.status = job.polls > this.exportPolls ? this.exportOutcome : 'Running';
      const done = job.status === 'Succeeded' || job.status === 'Failed';
      return send(done ? 200 : 202, exportAnswer(job), done ? {} : { 'retry-after': '0' });
    }
    if (rest.startsWith('/groups/') && !rest.startsWith(ws))
      return send(403, { error: { code: 'Unauthorized' } });
    return send(404, { error: { code: 'PowerBIEntityNotFound' } });
  }
}

/** An export job as GET …/exports/{id} describes it. */
function exportAnswer(job: StandInExport) {
  const done = job.status === 'Succeeded';
  return {
    id: job.id,
    reportId: job.reportId,
    status: job.status,
    percentComplete: done ? 100 : Math.min(90, job.polls * 30),
    ...(done
      ? {
          resourceLocation: `exports/${job.id}/file`,
          resourceFileExtension: job.body.format === 'PDF' ? '.pdf' : '.png',
        }
      : {}),
  };
}

/**
 * The stand-in's exported file: the format's signature (a PNG of several pages is a ZIP, as in Power BI),
 * then which report, pages and identity it shows.
 */
export function exportedFile(job: StandInExport): Buffer {
  const identity = job.body.powerBIReportConfiguration?.identities?.[0]?.username ?? 'no identity';
  const signature =
    job.body.format === 'PDF' ? '%PDF-1.7\n' : job.pages.length > 1 ? 'PK\x03\x04' : '\x89PNG\r\n\x1a\n';
  return Buffer.concat([
    Buffer.from(signature, 'latin1'),
    Buffer.from(`stand-in export of ${job.reportId} (${job.pages.join(', ')}) for ${identity}\n`),
  ]);
}
