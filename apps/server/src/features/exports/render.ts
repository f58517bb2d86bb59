import {
  type EmbedReportResponse,
  EXPORT_MESSAGES,
  type ExportFormat,
  findSectorReport,
  type IndustrySlug,
  type ReportView,
  sectorDeclaration,
} from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-error';
import { readSectorReport } from '../bi/builtin/sector-summaries';
import { sectorPageReportUuid } from '../sectors/repository';
import { dataAsOf } from './as-of';
import type { ReportDocument } from './pdf-document';
import { RenderPool } from './render-pool';
import { type ExportedTab, exportedTab, organisationName } from './repository';
import { ExportSlots } from './slots';

// A Power BI report exported for a scheduled mail says when Power BI drew it.
export { drawnByPowerBi } from './as-of';

/** The exports of one instance: its slots (EXPORT_WORKERS) and the worker threads that render. */
export interface Exporter {
  slots: ExportSlots;
  pool: RenderPool;
}

/** One exporter per app (an app's configuration object is shared by all of its plugins). */
const exporters = new WeakMap<Config, Exporter>();

export function exporterOf(app: FastifyInstance): Exporter {
  let exporter = exporters.get(app.config);
  if (!exporter) {
    exporter = { slots: new ExportSlots(app.config.exports.workers), pool: new RenderPool(app.log) };
    exporters.set(app.config, exporter);
  }
  return exporter;
}

/** A report tab with its built-in report's answer, ready to export. */
export interface LoadedReport {
  tab: ExportedTab;
  answer: Omit<EmbedReportResponse, 'success'>;
}

/** The organisation's tab `reportId` (404 when it has none) and the tab's template (400 when none). */
export async function loadReport(
  db: Database,
  organisationId: number,
  reportId: number,
): Promise<LoadedReport> {
  const tab = await findTab(db, organisationId, reportId);
  const found = findSectorReport(tab.uuid);
  if (!found) throw badRequest(EXPORT_MESSAGES.notExportable);
  const answer = await readSectorReport(db, organisationId, found.declaration, found.report);
  return { tab, answer };
}

/** The organisation's tab `reportId`; 404 "Report not found" when it has none of that id. */
export async function findTab(db: Database, organisationId: number, reportId: number): Promise<ExportedTab> {
  const tab = await exportedTab(db, organisationId, reportId);
  if (!tab) throw notFound('Report not found');
  return tab;
}

/**
 * A sector page's report as an export names it: the sector's overview (or, in Power BI mode, the report
 * an administrator configured for the page, decision 074).
 */
export async function sectorPageTab(
  db: Database,
  organisationId: number,
  slug: IndustrySlug,
): Promise<ExportedTab> {
  return {
    name: `${sectorDeclaration(slug).industry} Overview`,
    uuid: await sectorPageReportUuid(db, slug),
    organisationName: (await organisationName(db, organisationId)) ?? '',
  };
}

/** A sector page's built-in report: the organisation's data for its own sector, demo data otherwise. */
export async function loadSectorPageReport(
  db: Database,
  organisationId: number,
  tab: ExportedTab,
): Promise<LoadedReport> {
  const found = findSectorReport(tab.uuid);
  if (!found) throw badRequest(EXPORT_MESSAGES.notExportable);
  const answer = await readSectorReport(db, organisationId, found.declaration, found.report);
  return { tab, answer };
}

/** An export's file name: the report's name and the day (UTC), `Sales 2026-11-23.pdf`. */
export function exportFileName(reportName: string, format: ExportFormat, at: Date): string {
  return `${reportName} ${at.toISOString().slice(0, 10)}.${format}`;
}

/** What a rendered document is made of. */
export function documentOf(report: LoadedReport, createdAt: Date): ReportDocument {
  return {
    reportName: report.tab.name,
    organisationName: report.tab.organisationName,
    answer: report.answer,
    createdAt,
  };
}

export interface RenderedReportPdf {
  pdf: Buffer;
  fileName: string;
  view: ReportView;
  reportName: string;
  organisationName: string;
  /** The last refresh of the data shown (ISO), null before the first one or for demo data. */
  refreshedAt: string | null;
  /** "Data as of …", "Not refreshed yet" or "Demo data of the … sector", as the PDF says. */
  dataAsOf: string;
}

/**
 * A built-in report tab of the organisation as the PDF a member downloads: 404 when the organisation
 * has no tab `reportId`, 400 when the tab is no built-in report. It waits for a free export slot
 * (EXPORT_WORKERS), so scheduled sends share the instance's exports with downloads.
 */
export async function renderReportPdf(
  app: FastifyInstance,
  target: { organisationId: number; reportId: number },
  now: Date = new Date(),
): Promise<RenderedReportPdf> {
  const report = await loadReport(app.db, target.organisationId, target.reportId);
  const exporter = exporterOf(app);
  const pdf = await exporter.slots.queued(() =>
    exporter.pool.render({ kind: 'pdf', input: documentOf(report, now) }),
  );
  return {
    pdf,
    fileName: exportFileName(report.tab.name, 'pdf', now),
    view: report.answer.view,
    reportName: report.tab.name,
    organisationName: report.tab.organisationName,
    refreshedAt: report.answer.refreshedAt,
    dataAsOf: dataAsOf(report.answer),
  };
}
