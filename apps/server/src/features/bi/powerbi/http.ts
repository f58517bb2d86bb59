import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import type { INetworkModule, NetworkRequestOptions, NetworkResponse } from '@azure/msal-node';

export interface HttpOptions {
  /** Extra certificate authorities to trust (a local stand-in's self-signed certificate in tests). */
  ca?: string | undefined;
  /** Every request is abandoned after this long; Power BI has no client-side timeout of its own. */
  timeoutMs: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body's bytes (a file Power BI exported). */
  body: Buffer;
}

/** Raised when the remote end does not answer within the timeout. */
export class RequestTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = 'RequestTimeoutError';
  }
}

/** Raised when no connection could be made (DNS, refused, TLS). Carries no URL query or headers. */
export class NetworkFailureError extends Error {
  constructor(
    readonly host: string,
    readonly causeCode: string,
  ) {
    super(`could not reach ${host} (${causeCode})`);
    this.name = 'NetworkFailureError';
  }
}

/** The largest answer read: JSON answers are far smaller; an exported file may use `maxBytes`. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

const extraCas: string[] = [];
/**
 * Trusts one more certificate authority for Power BI and Entra calls, on top of the system's.
 * In-process tests use it for the stand-in's self-signed certificate; a separate server process uses
 * NODE_EXTRA_CA_CERTS instead (decision 071).
 */
export function trustCertificateAuthority(pem: string) {
  if (!extraCas.includes(pem)) extraCas.push(pem);
}

function caFor(options: HttpOptions): string[] | undefined {
  const extra = [...(options.ca ? [options.ca] : []), ...extraCas];
  // `ca` replaces the default store, so the system roots are kept alongside.
  return extra.length ? [...rootCertificates, ...extra] : undefined;
}

/**
 * One HTTP(S) request with node's own client (so a CA can be trusted per client, not process-wide)
 * and a hard timeout covering connect, headers and body.
 */
export function request(
  options: HttpOptions,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body?: string,
  maxBytes = MAX_BODY_BYTES,
): Promise<HttpResponse> {
  const target = new URL(url);
  const client = target.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
        ...(target.protocol === 'https:' && caFor(options) ? { ca: caFor(options) } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) req.destroy(new Error('response too large'));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          clearTimeout(timer);
          const flat: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined) flat[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
          }
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: flat, text: bytes.toString('utf8'), body: bytes });
        });
        res.on('error', () => undefined);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new RequestTimeoutError(options.timeoutMs));
    }, options.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (err instanceof RequestTimeoutError) reject(err);
      else reject(new NetworkFailureError(target.host, err.code ?? err.message));
    });
    if (body !== undefined) req.write(body);
    req.end();
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}

/**
 * msal-node's network module on top of `request`, so the token endpoint gets the same timeout and
 * trusted CA as the REST calls (decision 071).
 */
export function msalNetworkClient(options: HttpOptions): INetworkModule {
  const send = async <T>(
    method: 'GET' | 'POST',
    url: string,
    opts?: NetworkRequestOptions,
  ): Promise<NetworkResponse<T>> => {
    const res = await request(
      options,
      method,
      url,
      opts?.headers ?? {},
      method === 'POST' ? (opts?.body ?? '') : undefined,
    );
    return { status: res.status, headers: res.headers, body: parseJson(res.text) as T };
  };
  return {
    sendGetRequestAsync: (url, opts) => send('GET', url, opts),
    sendPostRequestAsync: (url, opts) => send('POST', url, opts),
  };
}
