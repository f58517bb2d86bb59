import { api, MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { ownerOf } from '../organisations/scope';
import { reportsRepository } from './repository';

export async function registerReportRoutes(app: FastifyInstance) {
  const reports = reportsRepository(app.db);

  addRoute(app, api.reports.list, async ({ query, caller }) => ({
    success: true as const,
    // A member without an organisation yet has no tabs.
    data: caller.scope ? await reports.list(caller.scope.id, query.tier) : [],
  }));

  addRoute(app, api.reports.create, async ({ body, caller }) => {
    const report = await reports.create(ownerOf(caller), body, caller.userId);
    return { success: true as const, message: 'Report created successfully', data: report };
  });

  addRoute(app, api.reports.remove, async ({ params, caller }) => {
    const removed = await reports.remove(ownerOf(caller), params.id);
    // Another organisation's id answers exactly like a missing one: its existence is not revealed.
    if (!removed) throw notFound('Report not found');
    return { success: true as const, message: MESSAGES.data.reportDeleted(removed.report_type) };
  });
}
