import type { FastifyInstance } from 'fastify';
import { renderReportPdf } from '../exports/render';
import type { MailedReport } from './subscription-mail';

/** A report tab drawn for its subscribers' mail: its KPI cards and its PDF, as a member downloads it. */
export async function reportForMail(
  app: FastifyInstance,
  organisationId: number,
  reportId: number,
): Promise<MailedReport> {
  const rendered = await renderReportPdf(app, { organisationId, reportId });
  return {
    kpis: rendered.view.kpis,
    pdf: rendered.pdf,
    fileName: rendered.fileName,
    dataAsOf: rendered.dataAsOf,
  };
}
