import { api } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { publicConfigOf } from '../../config';
import { ping } from '../../db/health-repository';
import { addRoute } from '../../lib/route';

export async function registerHealthRoutes(app: FastifyInstance) {
  addRoute(app, api.bi.health, async ({ reply }) => {
    const database = await ping(app.db)
      .then(() => 'ok' as const)
      .catch(() => 'error' as const);
    const bi = await app.bi.checkHealth().catch(() => 'error' as const);
    const healthy = database === 'ok' && bi === 'ok';
    reply.code(healthy ? 200 : 503);
    return {
      status: healthy ? ('healthy' as const) : ('unhealthy' as const),
      provider: app.bi.name,
      database,
      bi,
    };
  });

  addRoute(app, api.config.get, async () => publicConfigOf(app.config));
}
