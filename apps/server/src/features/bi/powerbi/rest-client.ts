import type { FastifyBaseLogger } from 'fastify';
import type { AadTokenSource } from './aad';
import { fromTransport, powerBiErrors } from './errors';
import { type HttpOptions, type HttpResponse, request } from './http';

export interface PbiReport {
  id: string;
  name?: string;
  embedUrl: string;
  datasetId?: string | null;
}
export interface PbiEmbedToken {
  token: string;
  tokenId: string;
  expiration: string;
}
export type PbiRefreshStatus = 'Unknown' | 'Completed' | 'Failed' | 'Disabled' | 'Cancelled' | string;
export interface PbiRefresh {
  requestId: string;
  refreshType?: string;
  startTime?: string;
  endTime?: string | null;
  status: PbiRefreshStatus;
  serviceExceptionJson?: string | null;
}

/** A report page as GET …/pages lists it; `order` arrives as a number or a numeric string. */
export interface PbiPage {
  name: string;
  displayName?: string;
  order?: number | string;
}

export type PbiExportFormat = 'PDF' | 'PNG';
/** An export-to-file job as Power BI describes it. */
export interface PbiExport {
  id: string;
  status: 'NotStarted' | 'Running' | 'Succeeded' | 'Failed' | 'Undefined' | string;
  percentComplete?: number;
}

/** The largest file an export may bring back: Power BI's exports of a report page stay far below it. */
const EXPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Waits between two polls of an export: Power BI's Retry-After when it gives one, within these bounds. */
const EXPORT_POLL_MS = { default: 2_000, min: 250, max: 10_000 };

export interface RestOptions {
  apiUrl: string;
  workspaceId: string;
  http: HttpOptions;
  aad: AadTokenSource;
  log: FastifyBaseLogger;
  /** How often a 429 is retried, and the longest Retry-After we are willing to wait for. */
  retry?: { attempts: number; maxDelayMs: number };
  sleep?: (ms: number) => Promise<void>;
}

/** One effective identity for every dataset of an embed token: row-level security by user id. */
export interface PbiIdentity {
  username: string;
  roles: string[];
}

/**
 * Raised for an answer the caller may want to treat as data (404 report, 400/409 refresh busy), with
 * Power BI's own error code and text — for the log, never for a member.
 */
export class PbiStatusError extends Error {
  constructor(
    readonly status: number,
    readonly code = '',
    readonly detail = '',
  ) {
    super(`Power BI answered HTTP ${status}`);
  }
}

/** Power BI's `{ error: { code, message } }`, cut short; empty strings when the body is something else. */
function errorOf(res: HttpResponse): { code: string; detail: string } {
  try {
    const parsed = JSON.parse(res.text) as { error?: { code?: unknown; message?: unknown } };
    const code = typeof parsed.error?.code === 'string' ? parsed.error.code : '';
    const detail = typeof parsed.error?.message === 'string' ? parsed.error.message : '';
    return { code: code.slice(0, 100), detail: detail.slice(0, 500) };
  } catch {
    return { code: '', detail: '' };
  }
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function retryAfterMs(res: HttpResponse): number {
  const value = res.headers['retry-after'];
  const seconds = value === undefined ? Number.NaN : Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : 1000;
}

/** Retry-After of an answer in milliseconds, within the export poll's bounds; `fallback` without one. */
function retryAfterOr(res: HttpResponse, fallback: number): number {
  const ms = res.headers['retry-after'] === undefined ? fallback : retryAfterMs(res);
  return Math.min(EXPORT_POLL_MS.max, Math.max(EXPORT_POLL_MS.min, ms));
}

/** The few Power BI REST calls the provider needs (docs/EXTERNAL-SERVICES.md#power-bi-rest-api), with timeouts and bounded retries. */
export class PowerBiRestClient {
  private readonly base: string;
  private readonly retry: { attempts: number; maxDelayMs: number };
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: RestOptions) {
    this.base = options.apiUrl.replace(/\/+$/, '');
    this.retry = options.retry ?? { attempts: 3, maxDelayMs: 10_000 };
    this.sleep = options.sleep ?? realSleep;
  }

  private get ws() {
    return encodeURIComponent(this.options.workspaceId);
  }

  /**
   * One call; 429 is retried after Retry-After (at most `attempts` tries, each wait ≤ maxDelayMs);
   * 401/403/5xx become PowerBiErrors; other non-2xx statuses a PbiStatusError for the caller.
   */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: { forEmbedToken?: boolean; accept?: string; maxBytes?: number } = {},
  ): Promise<HttpResponse> {
    let renewed = false;
    let fresh = false;
    for (let attempt = 1; ; attempt++) {
      const token = await this.options.aad.token({ fresh, forEmbedToken: Boolean(options.forEmbedToken) });
      fresh = false;
      let res: HttpResponse;
      try {
        res = await request(
          this.options.http,
          method,
          `${this.base}${path}`,
          {
            authorization: `Bearer ${token}`,
            accept: options.accept ?? 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body === undefined ? (method === 'POST' ? '' : undefined) : JSON.stringify(body),
          options.maxBytes,
        );
      } catch (err) {
        throw fromTransport(err);
      }
      if (res.status >= 200 && res.status < 300) return res;
      // Logged without the URL's query, headers or our request body: no token can leak into a log line.
      // Power BI's own error code and text are logged here, and never passed on to a member.
      const { code, detail } = errorOf(res);
      this.options.log.warn(
        {
          status: res.status,
          method,
          call: path.split('?')[0],
          requestId: res.headers.requestid,
          ...(code ? { powerBiCode: code } : {}),
          ...(detail ? { powerBiMessage: detail } : {}),
        },
        'Power BI call failed',
      );
      if (res.status === 429) {
        const wait = retryAfterMs(res);
        if (attempt >= this.retry.attempts || wait > this.retry.maxDelayMs) {
          throw powerBiErrors.throttled(Math.max(1, Math.ceil(wait / 1000)));
        }
        await this.sleep(wait);
        continue;
      }
      // A cached Entra token Power BI no longer accepts (revoked, clock skew): one retry with a new one.
      if (res.status === 401 && !renewed) {
        renewed = true;
        fresh = true;
        continue;
      }
      if (res.status === 401) throw powerBiErrors.credentials();
      if (res.status === 403) throw powerBiErrors.forbidden();
      if (res.status >= 500) throw powerBiErrors.unavailable(res.status);
      throw new PbiStatusError(res.status, code, detail);
    }
  }

  private json<T>(res: HttpResponse): T {
    try {
      return JSON.parse(res.text) as T;
    } catch {
      throw powerBiErrors.unexpected(res.status);
    }
  }

  /** GET /groups/{ws}/reports/{id}; null when Power BI does not know the id (404, or 400 for a malformed id). */
  async getReport(reportId: string): Promise<PbiReport | null> {
    try {
      const res = await this.call('GET', `/groups/${this.ws}/reports/${encodeURIComponent(reportId)}`);
      return this.json<PbiReport>(res);
    } catch (err) {
      if (err instanceof PbiStatusError && (err.status === 404 || err.status === 400)) return null;
      throw err instanceof PbiStatusError ? powerBiErrors.unexpected(err.status) : err;
    }
  }

  /** GET …/reports/{report}/pages: the report's pages, in no promised order. */
  async reportPages(reportId: string): Promise<PbiPage[]> {
    try {
      const res = await this.call('GET', `/groups/${this.ws}/reports/${encodeURIComponent(reportId)}/pages`);
      return this.json<{ value?: PbiPage[] }>(res).value ?? [];
    } catch (err) {
      throw err instanceof PbiStatusError ? powerBiErrors.unexpected(err.status) : err;
    }
  }

  /**
   * POST /GenerateToken for several reports and their datasets at once (multi-resource), view only:
   * no `targetWorkspaces` (which would let the holder create and save reports), no editing, no XMLA.
   * With `identity`, one effective identity covers every dataset, so row-level security applies.
   */
  async generateToken(request: {
    reportIds: string[];
    datasetIds: string[];
    identity: PbiIdentity | null;
    lifetimeInMinutes: number;
  }): Promise<PbiEmbedToken> {
    const { reportIds, datasetIds, identity, lifetimeInMinutes } = request;
    try {
      const res = await this.call(
        'POST',
        '/GenerateToken',
        {
          reports: reportIds.map((id) => ({ id, allowEdit: false })),
          datasets: datasetIds.map((id) => ({ id, xmlaPermissions: 'Off' })),
          ...(identity && datasetIds.length > 0
            ? { identities: [{ username: identity.username, roles: identity.roles, datasets: datasetIds }] }
            : {}),
          lifetimeInMinutes,
        },
        { forEmbedToken: true },
      );
      return this.json<PbiEmbedToken>(res);
    } catch (err) {
      if (!(err instanceof PbiStatusError)) throw err;
      throw this.tokenRefusal(err, datasetIds);
    }
  }

  /** Power BI's refusal of an embed token as a member's message; the operator's fix goes to the log. */
  private tokenRefusal(err: PbiStatusError, datasetIds: string[]) {
    const text = err.detail.toLowerCase();
    if (err.status === 400 && text.includes('requires effective identity')) {
      this.options.log.error(
        { datasets: datasetIds, powerBiCode: err.code },
        'Power BI requires an effective identity: the dataset has row-level security; set POWERBI_RLS_ROLES to its role names',
      );
      return powerBiErrors.identityRequired();
    }
    if (err.status === 400 && text.includes("shouldn't have effective identity")) {
      this.options.log.error(
        { datasets: datasetIds, powerBiCode: err.code },
        'Power BI refused the effective identity: the dataset has no row-level security; add the roles named in POWERBI_RLS_ROLES to it, or unset POWERBI_RLS_ROLES',
      );
      return powerBiErrors.identityRefused();
    }
    return powerBiErrors.tokenRefused(err.status);
  }

  /** The workspace as the service principal sees it: a cheap call proving the credentials and the grant. */
  async workspaceVisible(): Promise<boolean> {
    const filter = encodeURIComponent(`id eq '${this.options.workspaceId.replaceAll("'", "''")}'`);
    try {
      const res = await this.call('GET', `/groups?$filter=${filter}`);
      const value = this.json<{ value?: { id: string }[] }>(res).value ?? [];
      return value.some((g) => g.id.toLowerCase() === this.options.workspaceId.toLowerCase());
    } catch (err) {
      throw err instanceof PbiStatusError ? powerBiErrors.unexpected(err.status) : err;
    }
  }

  /** The newest `top` entries of the dataset's refresh history. */
  async refreshHistory(datasetId: string, top: number): Promise<PbiRefresh[]> {
    try {
      const res = await this.call(
        'GET',
        `/groups/${this.ws}/datasets/${encodeURIComponent(datasetId)}/refreshes?$top=${top}`,
      );
      return this.json<{ value?: PbiRefresh[] }>(res).value ?? [];
    } catch (err) {
      throw err instanceof PbiStatusError ? powerBiErrors.unexpected(err.status) : err;
    }
  }

  /**
   * POST …/refreshes. 'busy' when Power BI says one is already running (400 in the 2025 docs, 409 before);
   * otherwise the request id from the answer's headers, when it gives one.
   */
  async startRefresh(datasetId: string): Promise<{ busy: true } | { busy: false; requestId: string | null }> {
    try {
      const res = await this.call(
        'POST',
        `/groups/${this.ws}/datasets/${encodeURIComponent(datasetId)}/refreshes`,
        { notifyOption: 'NoNotification' },
      );
      const fromLocation = res.headers.location?.split('/refreshes/')[1]?.split(/[?/]/)[0];
      return { busy: false, requestId: fromLocation || res.headers['x-ms-request-id'] || null };
    } catch (err) {
      if (err instanceof PbiStatusError && (err.status === 400 || err.status === 409)) return { busy: true };
      throw err instanceof PbiStatusError ? powerBiErrors.unexpected(err.status) : err;
    }
  }

  /**
   * A report as a file through Power BI's asynchronous export API: POST …/ExportTo, GET …/exports/{id}
   * until the job has Succeeded or Failed (waiting as its Retry-After says), then GET …/file. With
   * `identity`, the export sees the dataset through that effective identity (row-level security); with
   * `pageName`, it holds that page only. Null when the job failed; a PowerBiError when it outlasts
   * `deadlineMs`.
   */
  async exportToFile(request: {
    reportId: string;
    format: PbiExportFormat;
    datasetIds: string[];
    identity: PbiIdentity | null;
    pageName: string | null;
    deadlineMs: number;
  }): Promise<Buffer | null> {
    const { reportId, format, datasetIds, identity, pageName, deadlineMs } = request;
    const report = `/groups/${this.ws}/reports/${encodeURIComponent(reportId)}`;
    const configuration = {
      ...(pageName ? { pages: [{ pageName }] } : {}),
      ...(identity && datasetIds.length > 0
        ? { identities: [{ username: identity.username, roles: identity.roles, datasets: datasetIds }] }
        : {}),
    };
    const started = Date.now();
    try {
      const res = await this.call('POST', `${report}/ExportTo`, {
        format,
        ...(Object.keys(configuration).length > 0 ? { powerBIReportConfiguration: configuration } : {}),
      });
      let job = this.json<PbiExport>(res);
      let wait = retryAfterOr(res, EXPORT_POLL_MS.default);
      const jobPath = () => `${report}/exports/${encodeURIComponent(job.id)}`;
      while (job.status !== 'Succeeded' && job.status !== 'Failed') {
        if (Date.now() - started + wait > deadlineMs) throw powerBiErrors.timeout(deadlineMs);
        await this.sleep(wait);
        const poll = await this.call('GET', jobPath());
        job = this.json<PbiExport>(poll);
        wait = retryAfterOr(poll, EXPORT_POLL_MS.default);
      }
      if (job.status === 'Failed') {
        this.options.log.warn({ reportId, format }, 'Power BI export job failed');
        return null;
      }
      const file = await this.call('GET', `${jobPath()}/file`, undefined, {
        accept: '*/*',
        maxBytes: EXPORT_MAX_BYTES,
      });
      return file.body;
    } catch (err) {
      throw err instanceof PbiStatusError ? powerBiErrors.unexpected(err.status) : err;
    }
  }
}
