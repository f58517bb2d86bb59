import {
  api,
  CHART_EXPORT_FORMATS,
  EXPORT_MESSAGES,
  type ExportFormat,
  type IndustrySlug,
} from '@insightra/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition';
import { badRequest, conflict } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import type { SessionPrincipal } from '../../plugins/auth';
import { ownerOf } from '../organisations/scope';
import { chartCsv } from './csv';
import { asMemberExport } from './member-exports';
import { chartPng } from './png';
import {
  documentOf,
  exporterOf,
  exportFileName,
  findTab,
  type LoadedReport,
  loadReport,
  loadSectorPageReport,
  sectorPageTab,
} from './render';
import type { ExportedTab } from './repository';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  png: 'image/png',
};

/** Where an export's report comes from: a report tab, or a sector page's report. */
interface ExportSource {
  /** The report as Power BI would export it: its name and UUID. */
  tab(): Promise<ExportedTab>;
  /** The built-in report's answer. */
  report(): Promise<LoadedReport>;
}

/**
 * GET /api/reports/:id/export and GET /api/sectors/:sector/export: a report as a PDF or XLSX, one of
 * its charts as CSV or PNG.
 */
export async function registerExportRoutes(app: FastifyInstance) {
  const exporter = exporterOf(app);
  app.addHook('onClose', () => exporter.pool.close());

  const answer = async (
    reply: FastifyReply,
    caller: SessionPrincipal,
    query: { format: ExportFormat; chart?: string | undefined },
    source: ExportSource,
  ) => {
    const organisationId = ownerOf(caller);
    const { format } = query;
    const now = new Date();

    if (app.bi.exportsRefused) throw conflict(app.bi.exportsRefused);
    const made = async (): Promise<{ file: Buffer | string; reportName: string }> => {
      if (app.bi.name === 'powerbi' && app.bi.exportReport) {
        // Power BI draws its reports itself: PDF and PNG come from its export API; data from its frame.
        const tab = await source.tab();
        if (format !== 'pdf' && format !== 'png') throw badRequest(EXPORT_MESSAGES.powerBiDataFormats);
        const viewer = { organisationId, admin: caller.role === 'admin' };
        const exportReport = app.bi.exportReport.bind(app.bi);
        // One image: Power BI answers a PNG of several pages as a ZIP, so a PNG is the first page.
        const exported = await exporter.slots.now(() =>
          exportReport(viewer, tab.uuid, format, { firstPage: format === 'png' }),
        );
        if (!exported) throw badRequest(EXPORT_MESSAGES.notExportable);
        return { file: exported, reportName: tab.name };
      }
      if (CHART_EXPORT_FORMATS.includes(format) && !query.chart)
        throw badRequest(EXPORT_MESSAGES.chartRequired);
      const report = await source.report();
      const chart = query.chart && report.answer.view.charts.find((c) => c.key === query.chart);
      if (CHART_EXPORT_FORMATS.includes(format) && !chart) throw badRequest(EXPORT_MESSAGES.chartNotFound);
      const rendered = await exporter.slots.now(async () => {
        if (format === 'csv' && chart) return chartCsv(chart);
        if (format === 'png' && chart) return chartPng(chart);
        return exporter.pool.render({
          kind: format === 'xlsx' ? 'xlsx' : 'pdf',
          input: documentOf(report, now),
        });
      });
      return { file: rendered, reportName: report.tab.name };
    };
    // Counted as the member's export until the file is made, not while it is sent: the next one may
    // start as soon as this answer arrives.
    const { file, reportName } = await asMemberExport(app, caller.userId, made);
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', contentDisposition(exportFileName(reportName, format, now)))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file);
  };

  addRoute(app, api.exports.export, async ({ params, query, caller, reply }) =>
    answer(reply, caller, query, {
      tab: () => findTab(app.db, ownerOf(caller), params.id),
      report: () => loadReport(app.db, ownerOf(caller), params.id),
    }),
  );

  addRoute(app, api.exports.sectorExport, async ({ params, query, caller, reply }) => {
    const organisationId = ownerOf(caller);
    const tab = () => sectorPageTab(app.db, organisationId, params.sector as IndustrySlug);
    return answer(reply, caller, query, {
      tab,
      report: async () => loadSectorPageReport(app.db, organisationId, await tab()),
    });
  });
}
