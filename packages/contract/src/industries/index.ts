import { AUTOMOBILE } from './automobile';
import type { SectorDeclaration, SectorReport } from './declaration';
import { EDUCATION } from './education';
import { HEALTHCARE } from './healthcare';
import { HOTELS } from './hotels';
import { REAL_ESTATE } from './real-estate';
import { RETAIL } from './retail';

export * from './declaration';
export { AUTOMOBILE, EDUCATION, HEALTHCARE, HOTELS, REAL_ESTATE, RETAIL };

/** Every sector's declaration, in the order of INDUSTRIES. */
export const SECTOR_DECLARATIONS: readonly SectorDeclaration[] = [
  EDUCATION,
  AUTOMOBILE,
  REAL_ESTATE,
  HEALTHCARE,
  RETAIL,
  HOTELS,
];

/** A sector's declaration by name or slug; a member without a sector (null) uses Education's. */
export function sectorDeclaration(sector: string | null | undefined): SectorDeclaration {
  if (!sector) return EDUCATION;
  return SECTOR_DECLARATIONS.find((d) => d.industry === sector || d.slug === sector) ?? EDUCATION;
}

/** A built-in report template of any sector by its UUID (any case), with its sector. */
export function findSectorReport(
  uuid: string,
): { declaration: SectorDeclaration; report: SectorReport } | undefined {
  const wanted = uuid.toLowerCase();
  for (const declaration of SECTOR_DECLARATIONS) {
    const report = declaration.reports.find((r) => r.uuid === wanted);
    if (report) return { declaration, report };
  }
  return undefined;
}

/** The report a sector page shows: that sector's overview template. */
export function sectorOverview(declaration: SectorDeclaration): SectorReport {
  return declaration.reports.find((r) => r.key === declaration.overview)!;
}
