import { api, ORGANISATION_LIMITS, ORGANISATION_MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { registerInvitationRoutes } from './invitation-routes';
import { registerMemberRoutes } from './member-routes';
import { roleIn } from './membership-repository';
import {
  createOwnOrganisation,
  findOrganisation,
  organisationsOf,
  updateOrganisation,
} from './organisation-repository';
import { enterOrganisation, switchAnswer } from './session-switch';

/** A member's organisations (docs/PRODUCT.md, "Organisations"): list, create, switch, rename. */
export async function registerOrganisationRoutes(app: FastifyInstance) {
  addRoute(app, api.organisations.list, async ({ caller, query }) => ({
    success: true as const,
    data: {
      organisations: await organisationsOf(app.db, caller.userId, query),
      activeId: caller.organisation?.id ?? null,
    },
  }));

  addRoute(app, api.organisations.create, async ({ caller, body }) => {
    const id = await app.db.transaction((tx) =>
      createOwnOrganisation(tx, caller.userId, body.name, ORGANISATION_LIMITS.createdPerUser),
    );
    if (id === null) throw conflict(ORGANISATION_MESSAGES.tooMany);
    const organisation = await findOrganisation(app.db, id);
    if (!organisation) throw notFound(ORGANISATION_MESSAGES.notFound);
    return { success: true as const, message: ORGANISATION_MESSAGES.created, data: { organisation } };
  });

  // A member of the organisation, or an administrator (who works in any organisation as an editor).
  addRoute(app, api.organisations.switch, async ({ caller, params }) => {
    const target = await roleIn(app.db, caller.userId, caller.role, params.id);
    if (!target) throw notFound(ORGANISATION_MESSAGES.notFound);
    await app.db.transaction((tx) => enterOrganisation(tx, caller, target.id));
    return switchAnswer(app, caller, target.id, ORGANISATION_MESSAGES.switched(target.name));
  });

  addRoute(app, api.organisations.rename, async ({ caller, body }) => {
    const { id } = caller.scope!;
    const organisation = (await updateOrganisation(app.db, id, { name: body.name }))
      ? await findOrganisation(app.db, id)
      : null;
    if (!organisation) throw notFound(ORGANISATION_MESSAGES.notFound);
    return { success: true as const, message: ORGANISATION_MESSAGES.renamed, data: { organisation } };
  });

  registerMemberRoutes(app);
  registerInvitationRoutes(app);
}
