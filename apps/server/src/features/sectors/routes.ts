import { api, MESSAGES, ORGANISATION_MESSAGES, sectorDeclaration } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { userAnswer } from '../auth/session';
import { setSessionOrganisation } from '../auth/session-repository';
import { createOrganisation } from '../organisations/organisation-repository';
import {
  findSector,
  hasActiveUploads,
  listSectors,
  organisationDeclaration,
  setOrganisationSector,
} from './repository';

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
    if (!caller.scope) {
      // A member without an organisation (the last one removed them) names a new one at onboarding.
      if (!body.organisationName) throw badRequest(ORGANISATION_MESSAGES.nameRequired);
      const name = body.organisationName;
      const organisationId = await app.db.transaction(async (tx) => {
        const id = await createOrganisation(tx, name, caller.userId, body.sectorId);
        await setSessionOrganisation(tx, caller.sessionId, caller.userId, id);
        return id;
      });
      return userAnswer(app, caller, 'Sector saved', organisationId);
    }
    // An organisation's rows live in its sector's table and feed its reports: while some are in use,
    // the sector (and so the template and the reports) stays.
    const organisationId = caller.scope.id;
    if (
      sectorDeclaration(sector.name) !== (await organisationDeclaration(app.db, organisationId)) &&
      (await hasActiveUploads(app.db, organisationId))
    ) {
      throw conflict(MESSAGES.data.sectorLocked);
    }
    if (!(await setOrganisationSector(app.db, organisationId, body.sectorId))) {
      throw notFound(ORGANISATION_MESSAGES.notFound);
    }
    return userAnswer(app, caller, 'Sector saved');
  });
}
