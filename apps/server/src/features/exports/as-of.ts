import type { EmbedReportResponse } from '@insightra/contract';

const WHEN = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** What an exported report says of its data: as of its last refresh, not refreshed yet, or demo data. */
export function dataAsOf(answer: Pick<EmbedReportResponse, 'source' | 'refreshedAt' | 'report'>): string {
  if (answer.source === 'demo') return `Demo data of the ${answer.report.sector} sector`;
  if (!answer.refreshedAt) return 'Not refreshed yet';
  return `Data as of ${WHEN.format(new Date(answer.refreshedAt))} UTC`;
}

/** What a report Power BI drew says: when it drew it (Power BI's data refresh time is not known here). */
export function drawnByPowerBi(at: Date): string {
  return `Drawn by Power BI on ${WHEN.format(at)} UTC`;
}
