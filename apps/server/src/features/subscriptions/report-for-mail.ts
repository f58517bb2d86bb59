import { EXPORT_MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/http-error';
import { drawnByPowerBi, exporterOf, exportFileName, findTab, renderReportPdf } from '../exports/render';
import type { BuiltinMailedReport, MailedReport, PowerBiMailedReport } from './subscription-mail';

/**
 * A report tab drawn for its subscribers' mail, as a member downloads it: by Power BI in Power BI mode,
 * by the built-in renderer otherwise.
 */
export async function reportForMail(
  app: FastifyInstance,
  organisationId: number,
  reportId: number,
): Promise<MailedReport> {
  if (app.bi.exportsRefused) throw badRequest(app.bi.exportsRefused);
  if (app.bi.name === 'powerbi' && app.bi.exportReport) {
    return exportedByPowerBi(app, app.bi.exportReport.bind(app.bi), organisationId, reportId);
  }
  return renderedBuiltIn(app, organisationId, reportId);
}

/** A built-in report tab: its KPI cards and its PDF. */
async function renderedBuiltIn(
  app: FastifyInstance,
  organisationId: number,
  reportId: number,
): Promise<BuiltinMailedReport> {
  const rendered = await renderReportPdf(app, { organisationId, reportId });
  return {
    kpis: rendered.view.kpis,
    pdf: rendered.pdf,
    fileName: rendered.fileName,
    dataAsOf: rendered.dataAsOf,
  };
}

/**
 * A Power BI report tab as Power BI exports it with the organisation's identity, whoever receives it:
 * its PDF, then its first page as a PNG, each export waiting for a free export slot. 400 "This report
 * cannot be exported" when the organisation may not open it.
 */
async function exportedByPowerBi(
  app: FastifyInstance,
  exportReport: NonNullable<FastifyInstance['bi']['exportReport']>,
  organisationId: number,
  reportId: number,
): Promise<PowerBiMailedReport> {
  const now = new Date();
  const tab = await findTab(app.db, organisationId, reportId);
  const { slots } = exporterOf(app);
  const viewer = { organisationId, admin: false };
  const pdf = await slots.queued(() => exportReport(viewer, tab.uuid, 'pdf'));
  const png = pdf && (await slots.queued(() => exportReport(viewer, tab.uuid, 'png', { firstPage: true })));
  if (!pdf || !png) throw badRequest(EXPORT_MESSAGES.notExportable);
  return {
    kpis: [],
    firstPage: { png, fileName: exportFileName(tab.name, 'png', now) },
    pdf,
    fileName: exportFileName(tab.name, 'pdf', now),
    dataAsOf: drawnByPowerBi(now),
  };
}
