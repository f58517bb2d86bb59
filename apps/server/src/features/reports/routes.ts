import { api, MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { reportsRepository } from './repository';

export async function registerReportRoutes(app: FastifyInstance) {
  const reports = reportsRepository(app.db);

  addRoute(app, api.reports.list, async ({ query, caller }) => ({
    success: true as const,
    data: await reports.list(caller.userId, query.tier),
  }));

  addRoute(app, api.reports.create, async ({ body, caller }) => {
    const report = await reports.create(caller.userId, body, caller.userId);
    return { success: true as const, message: 'Report created successfully', data: report };
  });

  addRoute(app, api.reports.remove, async ({ params, caller }) => {
    const removed = await reports.remove(caller.userId, params.id);
    // Another user's id answers exactly like a missing one: its existence is not revealed.
    if (!removed) throw notFound('Report not found');
    return { success: true as const, message: MESSAGES.data.reportDeleted(removed.report_type) };
  });
}
