import {
  api,
  findSectorReport,
  INDUSTRIES,
  type Report,
  sectorDeclaration,
  sectorOverview,
} from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { readSetting } from '../../lib/app-settings-repository';
import { notFound } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { reportsRepository } from '../reports/repository';
import { readSectorReport } from './builtin/sector-summaries';
import { rowLevelSecurityOff } from './plugin';
import { uploadsNewerThanReports } from './repository';

/** app_settings key under which an administrator may configure a sector page's report UUID. */
export const sectorReportSettingKey = (slug: string) => `sector_report_uuid:${slug}`;

export async function registerBiRoutes(app: FastifyInstance) {
  const reports = reportsRepository(app.db);

  addRoute(app, api.bi.embedToken, async ({ query, caller }) => {
    const { userId } = caller;
    return app.bi.embedToken(userId, query.tier, await reports.list(userId, query.tier));
  });

  addRoute(app, api.bi.sectorToken, async ({ params, caller }) => {
    const industry = INDUSTRIES.find((i) => i.slug === params.sector);
    if (!industry) throw notFound('Sector not found');
    const configured = await readSetting(app.db, sectorReportSettingKey(industry.slug));
    const report: Report = {
      id: 0,
      tier: 'Beta',
      report_type: `${industry.name} Overview`,
      report_uuid: configured ?? sectorOverview(sectorDeclaration(industry.slug)).uuid,
    };
    return app.bi.embedToken(caller.userId, 'Beta', [report]);
  });

  // The frame's data call: its access rule ('embed') has checked the embed token, whose grant names
  // the user and the report UUIDs it covers.
  addRoute(app, api.bi.embedData, async ({ params, caller }) => {
    const found = findSectorReport(params.reportUuid);
    if (!found) throw notFound('Report not found');
    if (!caller.reports.includes(found.report.uuid)) throw notFound('Report not available');
    // A template of the member's own sector reads their data; another sector's reads its demo dataset.
    const answer = await readSectorReport(app.db, caller.userId, found.declaration, found.report);
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
    const start = await app.bi.startRefresh(caller.userId);
    return { success: true, ...start };
  });

  addRoute(app, api.bi.refreshStatus, async ({ params, caller }) => {
    const status = await app.bi.refreshStatus(caller.userId, params.id);
    if (!status) throw notFound('Refresh not found');
    return status;
  });

  addRoute(app, api.bi.refreshQueue, async ({ caller }) => {
    const { userId } = caller;
    const [jobs, pending] = await Promise.all([
      app.bi.refreshQueue(userId),
      // Active uploads the reports do not show yet: newer than the data of the last completed refresh.
      uploadsNewerThanReports(app.db, userId),
    ]);
    return { success: true as const, data: { jobs, pendingUploads: pending } };
  });
}
