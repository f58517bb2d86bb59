import { api, MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { insertReport, reportsByTier } from '../reports/repository';
import { findUser, listUsers } from './users-repository';

const USER_NOT_FOUND = 'User not found';
const MESSAGES_NO_ORGANISATION = 'This user belongs to no organisation yet';

/** Users and their tiered reports (docs/PRODUCT.md#user-details Admin dashboard, User details page). */
export async function registerAdminUserRoutes(app: FastifyInstance) {
  addRoute(app, api.admin.users, async ({ query }) => {
    const { users, total } = await listUsers(app.db, query);
    return {
      success: true as const,
      data: users,
      pagination: { total, page: query.page, pageSize: query.pageSize },
    };
  });

  addRoute(app, api.admin.user, async ({ params }) => {
    const user = await findUser(app.db, params.id);
    if (!user) throw notFound(USER_NOT_FOUND);
    const { defaultOrganisationId, ...shown } = user;
    const reports = await reportsByTier(app.db, defaultOrganisationId);
    return { success: true as const, data: { user: shown, reports } };
  });

  // A user's reports are those of their default organisation (the one their new sessions start in).
  addRoute(app, api.admin.addReport, async ({ params, body, caller }) => {
    const user = await findUser(app.db, params.id);
    if (!user) throw notFound(USER_NOT_FOUND);
    if (user.defaultOrganisationId === null) throw conflict(MESSAGES_NO_ORGANISATION);
    const report = await insertReport(app.db, {
      organisationId: user.defaultOrganisationId,
      tier: body.tier,
      report_type: body.report_type,
      report_uuid: body.report_uuid,
      createdBy: caller.userId,
    });
    if (!report) throw notFound(USER_NOT_FOUND);
    return { success: true as const, message: MESSAGES.admin.reportAdded, data: report };
  });
}
