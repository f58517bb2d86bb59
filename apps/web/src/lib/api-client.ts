// The zod-free entry: this client is on every page's first load, so it must not pull in the schemas.
import {
  buildPath,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteRef,
  type RouteResponse,
} from '@insightra/contract/public';
import { pageToken } from './session/page-token';

/**
 * A non-OK answer, or no answer at all (`status` 0). `message` is the server's when it sent one; `body` is
 * the answer parsed as JSON, or its raw text when it is not JSON.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetworkError() {
    return this.status === 0;
  }
}

/**
 * Inputs and answer of a route, from its contract definition: a wrong param or query name, a body of the
 * wrong shape, or a wrong use of the answer is a type error. The schemas are read as types only, so this
 * module (on every first load) still ships no zod.
 */
type Params<R extends RouteDef> =
  RouteParams<R> extends undefined
    ? undefined
    : // A path segment is text: a numeric id may come straight from the URL (the server coerces it).
      { [K in keyof RouteParams<R>]: RouteParams<R>[K] extends number ? number | string : RouteParams<R>[K] };
/** Every query key may be left out: the server applies the schema's defaults. */
type Query<R extends RouteDef> = RouteQuery<R> extends undefined ? undefined : Partial<RouteQuery<R>>;
/** A route's JSON answer (a 200 or 201), as the contract declares it. */
export type ApiAnswer<R extends RouteDef> = RouteResponse<R>;

export interface RequestOptions<R extends RouteDef> {
  params?: Params<R>;
  query?: Query<R>;
  /** JSON by the contract, or the form of a multipart route (its parts are described in its summary). */
  body?: RouteBody<R> extends undefined ? (R['multipart'] extends true ? FormData : never) : RouteBody<R>;
  /** No timeout by default (docs/PRODUCT.md#api-routes); pass a signal to cancel. */
  signal?: AbortSignal;
  /** Override the stored token (e.g. right after login). */
  token?: string | null;
}

export function authHeaders(token = pageToken()): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** A 401 answer to a request that carried `token`, with the server's message. */
export interface Unauthorized {
  token: string;
  message: string;
}
const unauthorizedListeners = new Set<(answer: Unauthorized) => void>();

/**
 * Calls `listener` for every 401 answer to a request sent with a session token; returns the way to stop.
 * The session listens, to end a session the server says has ended (SESSION_MESSAGES.sessionEnded).
 */
export function onUnauthorized(listener: (answer: Unauthorized) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/** Tells the listeners of a 401 answer to a request sent with `token` (none when it carried no token). */
export function reportUnauthorized(token: string | null | undefined, status: number, message: string): void {
  if (status !== 401 || !token) return;
  for (const listener of unauthorizedListeners) listener({ token, message });
}

/** A 409 answer to a request sent with a session token, with the server's message. */
export interface Conflict {
  token: string;
  message: string;
}
const conflictListeners = new Set<(answer: Conflict) => void>();

/**
 * Calls `listener` for every 409 answer to a request sent with a session token; returns the way to stop.
 * The session listens, to follow an organisation switch made in another tab.
 */
export function onConflict(listener: (answer: Conflict) => void): () => void {
  conflictListeners.add(listener);
  return () => {
    conflictListeners.delete(listener);
  };
}

/** Tells the listeners of a 409 answer to a request sent with `token` (none when it carried no token). */
export function reportConflict(token: string | null | undefined, status: number, message: string): void {
  if (status !== 409 || !token) return;
  for (const listener of conflictListeners) listener({ token, message });
}

function routeUrl(route: RouteRef, params?: object, query?: object) {
  let url = buildPath(route.path, params as Record<string, string | number> | undefined);
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  return url;
}

/** Sends a request and returns the raw Response, throwing ApiError for network failures and non-OK answers. */
export async function apiFetch<R extends RouteDef>(
  route: R,
  options: RequestOptions<R> = {},
): Promise<Response> {
  const sent = options.token === undefined ? pageToken() : options.token;
  const token = route.access === 'none' ? null : sent;
  const headers: Record<string, string> = authHeaders(token);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(routeUrl(route, options.params, options.query), {
      method: route.method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, err instanceof Error ? err.message : 'Network error');
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let parsed: unknown = text;
    let message = text || response.statusText || `HTTP ${response.status}`;
    try {
      parsed = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        message = parsed.message;
      }
    } catch {
      // not JSON
    }
    reportUnauthorized(token, response.status, message);
    reportConflict(token, response.status, message);
    throw new ApiError(response.status, message, parsed);
  }
  return response;
}

/** A typed JSON call of one contract route. */
export async function apiRequest<R extends RouteDef>(
  route: R,
  options: RequestOptions<R> = {},
): Promise<ApiAnswer<R>> {
  const response = await apiFetch(route, options);
  // The one place an answer gets its type: the server answers through the same schema (lib/route.ts).
  return (await response.json()) as ApiAnswer<R>;
}

/** The message to show for a failed call: the server's, else `fallback`. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status !== 0 && err.message) return err.message;
  return fallback;
}
