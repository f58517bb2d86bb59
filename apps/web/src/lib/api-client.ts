// The zod-free entry: this client is on every page's first load, so it must not pull in the schemas.
import {
  buildPath,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteRef,
  type RouteResponse,
  STORAGE_KEYS,
} from '@insightra/contract/public';
import { storage } from './storage';

/** A non-OK answer, or no answer at all (`status` 0). `message` is the server's when it sent one. */
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

/** Typed by a full route definition; a schema-free `RouteRef` (see issueRouteRefs) is typed loosely. */
type Params<R extends RouteRef> = R extends RouteDef ? RouteParams<R> : unknown;
type Query<R extends RouteRef> = R extends RouteDef ? RouteQuery<R> : unknown;
type Body<R extends RouteRef> = R extends RouteDef ? RouteBody<R> : unknown;
type Answer<R extends RouteRef> = R extends RouteDef ? RouteResponse<R> : unknown;

export interface RequestOptions<R extends RouteRef> {
  params?: Params<R> extends undefined ? never : Record<string, string | number>;
  query?: Query<R> extends undefined ? never : Partial<Record<string, string | number | undefined>>;
  body?: Body<R> | FormData;
  /** No timeout by default (docs/PRODUCT.md#api-routes); pass a signal to cancel. */
  signal?: AbortSignal;
  /** Override the stored token (e.g. right after login). */
  token?: string | null;
}

export function authHeaders(token = storage.get(STORAGE_KEYS.token)): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

export function routeUrl(
  route: RouteRef,
  params?: Record<string, string | number>,
  query?: Record<string, unknown>,
) {
  let url = buildPath(route.path, params);
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
export async function apiFetch<R extends RouteRef>(
  route: R,
  options: RequestOptions<R> = {},
): Promise<Response> {
  const headers: Record<string, string> = route.access === 'none' ? {} : authHeaders(options.token);
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
    throw new ApiError(response.status, message, parsed);
  }
  return response;
}

/** A typed JSON call of one contract route. */
export async function apiRequest<R extends RouteRef>(
  route: R,
  options: RequestOptions<R> = {},
): Promise<Answer<R>> {
  const response = await apiFetch(route, options);
  return (await response.json()) as Answer<R>;
}

/** The message to show for a failed call: the server's, else `fallback`. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status !== 0 && err.message) return err.message;
  return fallback;
}
