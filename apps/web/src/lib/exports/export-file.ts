import { api, type ExportFormat, type IndustrySlug } from '@insightra/contract';
import { downloadFile } from '../download-file';

/** What is exported: a report tab, or a sector page's report. */
export type ExportTarget =
  | { kind: 'report'; id: number; name: string }
  | { kind: 'sector'; sector: IndustrySlug; name: string };

export interface ExportRequest {
  format: ExportFormat;
  /** The chart's key, for a CSV or PNG of one chart. */
  chart?: string;
}

/** Fetches an export of `target` and saves it under the server's file name. */
export function exportFile(target: ExportTarget, request: ExportRequest): Promise<void> {
  const fallback = `${target.name}.${request.format}`;
  return target.kind === 'report'
    ? downloadFile(api.exports.export, { params: { id: target.id }, query: request }, fallback)
    : downloadFile(api.exports.sectorExport, { params: { sector: target.sector }, query: request }, fallback);
}
