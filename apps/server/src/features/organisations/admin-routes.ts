import { api, MESSAGES, ORGANISATION_MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { insertReport, reportsByTier } from '../reports/repository';
import { searchOrganisations } from './admin-repository';
import { listMembers } from './members-repository';
import { findOrganisation, updateOrganisation } from './organisation-repository';

/** The administrators' view of organisations: list, one organisation's page, rename, customer number, tabs. */
export async function registerAdminOrganisationRoutes(app: FastifyInstance) {
  addRoute(app, api.adminOrganisations.list, async ({ query }) => ({
    success: true as const,
    data: await searchOrganisations(app.db, query),
  }));

  addRoute(app, api.adminOrganisations.get, async ({ params, query }) => {
    const organisation = await findOrganisation(app.db, params.id);
    if (!organisation) throw notFound(ORGANISATION_MESSAGES.notFound);
    const [members, reports] = await Promise.all([
      listMembers(app.db, organisation.id, query),
      reportsByTier(app.db, organisation.id),
    ]);
    return { success: true as const, data: { organisation, members, reports } };
  });

  addRoute(app, api.adminOrganisations.update, async ({ params, body }) => {
    const organisation = (await updateOrganisation(app.db, params.id, body))
      ? await findOrganisation(app.db, params.id)
      : null;
    if (!organisation) throw notFound(ORGANISATION_MESSAGES.notFound);
    return { success: true as const, message: ORGANISATION_MESSAGES.updated, data: { organisation } };
  });

  // As POST /admin/users/:id/reports, for the organisation itself.
  addRoute(app, api.adminOrganisations.addReport, async ({ params, body, caller }) => {
    const report = await insertReport(app.db, {
      organisationId: params.id,
      tier: body.tier,
      report_type: body.report_type,
      report_uuid: body.report_uuid,
      createdBy: caller.userId,
    });
    if (!report) throw notFound(ORGANISATION_MESSAGES.notFound);
    return { success: true as const, message: MESSAGES.admin.reportAdded, data: report };
  });
}
