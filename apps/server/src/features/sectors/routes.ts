import { api, MESSAGES, sectorDeclaration } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound, unauthorized } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { userAnswer } from '../auth/session';
import { findSector, hasActiveUploads, listSectors, memberDeclaration, setUserSector } from './repository';

export async function registerSectorRoutes(app: FastifyInstance) {
  addRoute(app, api.sectors.list, async () => ({
    success: true as const,
    data: { sectors: await listSectors(app.db) },
  }));

  addRoute(app, api.sectors.get, async ({ params }) => {
    const sector = await findSector(app.db, params.sectorId);
    if (!sector) throw notFound('Sector not found');
    return { success: true as const, data: { sector } };
  });

  addRoute(app, api.sectors.setMine, async ({ body, caller }) => {
    const sector = await findSector(app.db, body.sectorId);
    if (!sector) throw notFound('Sector not found');
    // A member's rows live in their sector's table and feed its reports: while some are in use, the
    // sector (and so the template and the reports) stays.
    const { userId } = caller;
    if (
      sectorDeclaration(sector.name) !== (await memberDeclaration(app.db, userId)) &&
      (await hasActiveUploads(app.db, userId))
    ) {
      throw conflict(MESSAGES.data.sectorLocked);
    }
    if (!(await setUserSector(app.db, userId, body.sectorId))) {
      throw unauthorized('This account no longer exists');
    }
    return userAnswer(app, caller, 'Sector saved');
  });
}
