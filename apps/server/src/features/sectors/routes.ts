import { api } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { notFound, unauthorized } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { userAnswer } from '../auth/session';
import { findSector, listSectors, setUserSector } from './repository';

export async function sectorRoutes(app: FastifyInstance) {
  addRoute(app, api.sectors.list, async () => ({
    success: true as const,
    data: { sectors: await listSectors(app.db) },
  }));

  addRoute(app, api.sectors.get, async ({ params }) => {
    const sector = await findSector(app.db, params.sectorId);
    if (!sector) throw notFound('Sector not found');
    return { success: true as const, data: { sector } };
  });

  addRoute(app, api.sectors.setMine, async ({ body, request }) => {
    if (!request.principal) throw unauthorized();
    if (!(await findSector(app.db, body.sectorId))) throw notFound('Sector not found');
    if (!(await setUserSector(app.db, request.principal.userId, body.sectorId))) {
      throw unauthorized('This account no longer exists');
    }
    return userAnswer(app, request.principal, 'Sector saved');
  });
}
