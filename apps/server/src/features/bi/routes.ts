import { api, findSectorReport, INDUSTRIES, type Report } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import type { SessionPrincipal } from '../../plugins/auth';
import { ownerOf } from '../organisations/scope';
import { reportsRepository } from '../reports/repository';
import { sectorPageReportUuid } from '../sectors/repository';
import { readSectorReport } from './builtin/sector-summaries';
import { rowLevelSecurityOff } from './plugin';
import { uploadsNewerThanReports } from './repository';

export async function registerBiRoutes(app: FastifyInstance) {
  const reports = reportsRepository(app.db);

  const viewerOf = (caller: SessionPrincipal) => ({
    organisationId: ownerOf(caller),
    admin: caller.role === 'admin',
    session: { userId: caller.userId, sessionId: caller.sessionId },
  });

  addRoute(app, api.bi.embedToken, async ({ query, caller }) => {
    const viewer = viewerOf(caller);
    return app.bi.embedToken(viewer, query.tier, await reports.list(viewer.organisationId, query.tier));
  });

  addRoute(app, api.bi.sectorToken, async ({ params, caller }) => {
    const viewer = viewerOf(caller);
    const industry = INDUSTRIES.find((i) => i.slug === params.sector);
    if (!industry) throw notFound('Sector not found');

    const report: Report = {
      id: 0,
      tier: 'Beta',
      report_type: `${industry.name} Overview`,
      report_uuid: await sectorPageReportUuid(app.db, industry.slug),
    };
    return app.bi.embedToken(viewer, 'Beta', [report]);
  });

  // The frame's data call: its access rule ('embed') has checked the embed token, whose grant names
  // the organisation and the report UUIDs it covers.
  addRoute(app, api.bi.embedData, async ({ params, caller }) => {
    const found = findSectorReport(params.reportUuid);
    if (!found) throw notFound('Report not found');
    if (!caller.reports.includes(found.report.uuid)) throw notFound('Report not available');
    // A template of the organisation's own sector reads its data; another sector's reads its demo dataset.
    const answer = await readSectorReport(app.db, caller.organisationId, found.declaration, found.report);
    return { success: true as const, ...answer };
  });

  addRoute(app, api.admin.biSettings, async () => {
    const { bi } = app.config;
    const applies = bi.provider === 'powerbi' && bi.embedMode === 'embed-token';
    return {
      success: true as const,
      data: {
        provider: bi.provider,
        embedMode: bi.embedMode,
        rowLevelSecurity: applies ? !rowLevelSecurityOff(app.config) : null,
        rlsRoles: bi.powerbi.rlsRoles,
        tokenMinutes: bi.powerbi.tokenMinutes,
        refreshMinIntervalMin: bi.powerbi.refreshMinIntervalMin,
      },
    };
  });

  addRoute(app, api.bi.refresh, async ({ caller }) => {
    const start = await app.bi.startRefresh({ userId: caller.userId, organisationId: ownerOf(caller) });
    return { success: true, ...start };
  });

  addRoute(app, api.bi.refreshStatus, async ({ params, caller }) => {
    const status = await app.bi.refreshStatus(ownerOf(caller), params.id);
    if (!status) throw notFound('Refresh not found');
    return status;
  });

  addRoute(app, api.bi.refreshQueue, async ({ caller }) => {
    if (!caller.scope) return { success: true as const, data: { jobs: [], pendingUploads: 0 } };
    const organisationId = caller.scope.id;
    const [jobs, pending] = await Promise.all([
      app.bi.refreshQueue(organisationId),
      // Active uploads the reports do not show yet: newer than the data of the last completed refresh.
      uploadsNewerThanReports(app.db, organisationId),
    ]);
    return { success: true as const, data: { jobs, pendingUploads: pending } };
  });
}
