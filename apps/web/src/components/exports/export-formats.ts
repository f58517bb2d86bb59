import type { ExportFormat, PublicConfig } from '@insightra/contract';

/** How each format is named in the menus and in the controls' accessible names. */
export const FORMAT_LABELS: Record<ExportFormat, string> = {
  pdf: 'PDF',
  xlsx: 'Excel (XLSX)',
  csv: 'CSV',
  png: 'PNG',
};

/** Formats of one chart, in the order its buttons show them. */
export const CHART_FORMATS = ['png', 'csv'] as const satisfies readonly ExportFormat[];

/**
 * Formats of a whole report: Power BI draws its reports itself, so there only PDF and PNG (its own
 * frame exports the data).
 */
export function reportFormats(provider: PublicConfig['bi']['provider']): readonly ExportFormat[] {
  return provider === 'powerbi' ? ['pdf', 'png'] : ['pdf', 'xlsx'];
}
