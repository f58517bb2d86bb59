import type { Tier } from './constants';
import { EDUCATION, findSectorReport, SECTOR_DECLARATIONS, sectorDeclaration } from './industries';

/**
 * The built-in BI provider's report templates: every sector declares its own (`industries/`), each
 * with a fixed UUID, so a report tab (or an administrator's Add Report) refers to a template by
 * `report_uuid`. The dashboard's and the admin's Add Report pickers offer the member's sector's list
 * (`reportTemplatesFor`).
 */
export interface ReportTemplate {
  key: string;
  uuid: string;
  name: string;
  description: string;
  /** Tiers whose pickers offer this template; any tier may still add any template by its UUID. */
  tiers: readonly Tier[];
  /** The sector (industry name) whose data the template reads. */
  sector: string;
}

const summary = (sector: string, r: (typeof EDUCATION.reports)[number]): ReportTemplate => ({
  key: r.key,
  uuid: r.uuid,
  name: r.name,
  description: r.description,
  tiers: r.tiers,
  sector,
});

/** Every sector's templates. */
export const ALL_REPORT_TEMPLATES: readonly ReportTemplate[] = SECTOR_DECLARATIONS.flatMap((d) =>
  d.reports.map((r) => summary(d.industry, r)),
);

/** Education's templates (the catalogue of a member without a sector). */
export const REPORT_TEMPLATES: readonly ReportTemplate[] = EDUCATION.reports.map((r) =>
  summary(EDUCATION.industry, r),
);

/** The templates the Add Report pickers offer a member of `sector` (null: no sector, Education). */
export function reportTemplatesFor(sector: string | null | undefined): readonly ReportTemplate[] {
  const declaration = sectorDeclaration(sector);
  return ALL_REPORT_TEMPLATES.filter((t) => t.sector === declaration.industry);
}

/** Education's sector page report; every sector's own is `sectorOverview(declaration)`. */
export const SECTOR_OVERVIEW_UUID = '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c05';

export function findReportTemplate(uuid: string): ReportTemplate | undefined {
  const found = findSectorReport(uuid);
  return found ? summary(found.declaration.industry, found.report) : undefined;
}
