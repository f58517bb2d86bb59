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

/** Raised for an answer the caller may want to treat as data (404 report, 400/409 refresh busy). */
export class PbiStatusError extends Error {
  constructor(readonly status: number) {
    super(`Power BI answered HTTP ${status}`);
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
    options: { forEmbedToken?: boolean } = {},
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
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body === undefined ? (method === 'POST' ? '' : undefined) : JSON.stringify(body),
        );
      } catch (err) {
        throw fromTransport(err);
      }
      if (res.status >= 200 && res.status < 300) return res;
      // Logged without the URL's query, headers or body: no token can leak into a log line.
      this.options.log.warn(
        { status: res.status, method, call: path.split('?')[0], requestId: res.headers.requestid },
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
      throw new PbiStatusError(res.status);
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

  /** POST /GenerateToken for several reports and their datasets at once (multi-resource). */
  async generateToken(reportIds: string[], datasetIds: string[]): Promise<PbiEmbedToken> {
    try {
      const res = await this.call(
        'POST',
        '/GenerateToken',
        {
          reports: reportIds.map((id) => ({ id, allowEdit: false })),
          datasets: datasetIds.map((id) => ({ id, xmlaPermissions: 'Off' })),
          targetWorkspaces: [{ id: this.options.workspaceId }],
        },
        { forEmbedToken: true },
      );
      return this.json<PbiEmbedToken>(res);
    } catch (err) {
      throw err instanceof PbiStatusError ? powerBiErrors.tokenRefused(err.status) : err;
    }
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
}
