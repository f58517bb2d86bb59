import type { z } from 'zod';
import type { Permission } from './organisations';

/*
 * The zod-free half of http.ts: what a route is, and how its path is filled. The web's first-load code
 * imports this through `@insightra/contract/public`, so the landing page ships without zod.
 */

/** Who may call a route. The server enforces it; the web client sends the bearer token for all but 'none'. */
export type Access = 'none' | 'optional' | 'user' | 'admin' | 'embed';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call: method, path (Fastify syntax, `/api/...`), inputs and the 200 response.
 * Every error answers `ErrorResponse`. Multipart and file routes describe their body in `summary`
 * and leave `body` unset: their parts are validated by the handler against the same schemas.
 */
export interface RouteDef {
  method: HttpMethod;
  path: string;
  summary: string;
  access: Access;
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Response body of a 200 (or 201) answer; absent for routes that answer a file. */
  response?: z.ZodType;
  /** The answer is a file (binary body) rather than JSON. */
  file?: boolean;
  /** The answer is plain text (e.g. the Prometheus exposition format) rather than JSON. */
  text?: boolean;
  multipart?: boolean;
  status?: 200 | 201;
  /**
   * The organisation permission the call needs (organisations.ts ROLE_GRANTS). The server checks it for
   * every call before the handler runs: in the caller's active organisation, or in the one the path
   * parameter `organisationParam` names.
   */
  permission?: Permission;
  organisationParam?: string;
}

/** What a client needs to call a route: no schemas. Every RouteDef is one. */
export type RouteRef = Pick<RouteDef, 'method' | 'path' | 'access'>;

export const defineRoute = <const T extends RouteDef>(route: T): T => route;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type RouteParams<R extends RouteDef> = Infer<R['params']>;
export type RouteQuery<R extends RouteDef> = Infer<R['query']>;
export type RouteBody<R extends RouteDef> = Infer<R['body']>;
export type RouteResponse<R extends RouteDef> = Infer<R['response']>;

/** Fills `:name` segments of a route path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
