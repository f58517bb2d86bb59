import { createHash, timingSafeEqual } from 'node:crypto';
import { api } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { bearerToken } from '../../plugins/auth';
import { createMetrics, type Metrics, type UploadLoad } from './registry';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Pick<Metrics, 'setUploadSource'>;
  }
}

export type { UploadLoad };

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /api/metrics (Prometheus text format) and the request counters behind it. Registered before the
 * features so that its hooks time every route. Other parts report their load through `app.metrics`
 * (the upload pipeline: `app.metrics.setUploadSource(() => ({ uploadsRunning, ... }))`).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = createMetrics(app.db, app.databaseOutage);
    app.decorate('metrics', { setUploadSource: metrics.setUploadSource });

    const started = new WeakMap<object, bigint>();
    const record = (method: string, route: string | undefined, status: string, since?: bigint) => {
      // The route's pattern, never the raw URL: one series per route, whatever the ids.
      const labels = { method, route: route ?? 'unmatched', status };
      metrics.requests.inc(labels);
      if (since !== undefined)
        metrics.duration.observe(labels, Number(process.hrtime.bigint() - since) / 1e9);
    };
    app.addHook('onRequest', async (request, reply) => {
      started.set(request, process.hrtime.bigint());
      metrics.inFlight.inc();
      // 'close' comes for answered and abandoned requests alike: the gauge never drifts.
      reply.raw.once('close', () => {
        metrics.inFlight.dec();
        if (started.has(request)) record(request.method, request.routeOptions.url, 'aborted');
      });
    });
    app.addHook('onResponse', async (request, reply) => {
      const since = started.get(request);
      started.delete(request);
      record(request.method, request.routeOptions.url, String(reply.statusCode), since);
    });

    const expected = app.config.metricsToken ? digest(app.config.metricsToken) : null;
    addRoute(app, api.metrics.get, async ({ request, reply }) => {
      if (!expected) {
        // Not configured: the endpoint does not exist, as for any unknown path.
        throw new HttpError(404, `Not found: ${request.method} ${request.url}`);
      }
      const given = bearerToken(request);
      // Digests of equal length: the comparison takes the same time whatever was sent.
      if (!given || !timingSafeEqual(digest(given), expected)) {
        throw new HttpError(401, 'A valid metrics token is required', { 'www-authenticate': 'Bearer' });
      }
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    });
  },
  { name: 'metrics', dependencies: ['config', 'database', 'auth'] },
);
