import {
  ErrorResponse,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@insightra/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CallerOf } from '../plugins/auth';

export interface HandlerInput<R extends RouteDef> {
  /**
   * Who is calling, as the route's access rule found them (plugins/auth.ts `CallerOf`): the one way a
   * handler knows the signed-in user.
   */
  caller: CallerOf<R['access']>;
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type HandlerResult<R extends RouteDef> = R['response'] extends undefined
  ? FastifyReply | unknown
  : RouteResponse<R> | FastifyReply;

/** Each request's caller, from its access check (onRequest) to its handler. */
const callers = new WeakMap<FastifyRequest, unknown>();

const ERROR_STATUSES = [400, 401, 403, 404, 409, 410, 413, 415, 429, 500, 503] as const;

/**
 * Registers one contract route: its schemas validate the input and the output, and its access rule
 * runs before the handler. Handlers stay thin and return the response body.
 */
export function addRoute<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  handler: (input: HandlerInput<R>) => Promise<HandlerResult<R>>,
): void {
  const response: Record<number, unknown> = {};
  if (route.response) response[route.status ?? 200] = route.response;
  for (const status of ERROR_STATUSES) response[status] = ErrorResponse;
  // A 503 may also carry the route's own body (GET /api/powerbi/health answers its report with 503).
  if (route.response) response[503] = z.union([ErrorResponse, route.response as z.ZodType]);
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      summary: route.summary,
      tags: [route.tag],
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(route.access !== 'none' ? { security: [{ bearer: [] }] } : {}),
      response,
    },
    // Access is decided before the body is read: an outsider gets 401/403, never a validation message.
    onRequest: async (request) => {
      callers.set(request, await app.authorize(request, route));
    },
    handler: async (request, reply) => {
      const result = await handler({
        caller: callers.get(request) as CallerOf<R['access']>,
        params: request.params as RouteParams<R>,
        query: request.query as RouteQuery<R>,
        body: request.body as RouteBody<R>,
        request,
        reply,
      });
      if (result === reply) return reply;
      if (route.status && route.status !== 200) reply.code(route.status);
      return result;
    },
  });
}
