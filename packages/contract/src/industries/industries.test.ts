import { describe, expect, it } from 'vitest';
import { INDUSTRIES } from '../constants';
import {
  findReportTemplate,
  REPORT_TEMPLATES,
  reportTemplatesFor,
  SECTOR_OVERVIEW_UUID,
} from '../report-templates';
import { STUDENT_TEMPLATE } from '../upload-template';
import {
  findSectorReport,
  SECTOR_DECLARATIONS,
  type SectorDeclaration,
  sectorDeclaration,
  sectorOverview,
} from '.';

const IDENT = /^[a-z][a-z0-9_]*$/;

/** Every name a declaration uses must resolve within it. */
function problems(d: SectorDeclaration): string[] {
  const out: string[] = [];
  const columns = new Map(d.upload.columns.map((c) => [c.name, c]));
  const fields = new Set([...columns.keys(), ...d.derived.map((f) => f.name)]);
  const dimensions = new Set(d.dimensions.map((x) => x.key));
  const measures = new Set(d.measures.map((m) => m.key));
  if (!IDENT.test(d.table)) out.push(`table ${d.table}`);
  for (const c of d.upload.columns) if (!IDENT.test(c.name)) out.push(`column ${c.name}`);
  if (!d.upload.rowKey.length) out.push('empty row key');
  for (const k of d.upload.rowKey) if (!columns.get(k)?.required) out.push(`row key ${k}`);
  for (const r of d.upload.rules ?? [])
    if (!columns.has(r.column) || !columns.has(r.other)) out.push(`rule ${r.column}`);
  for (const f of d.derived)
    if (!columns.has(f.from) || !columns.has(f.to) || fields.has(f.name) === false) out.push(f.name);
  for (const x of d.dimensions) if (!columns.has(x.column)) out.push(`dimension ${x.key}`);
  for (const m of d.measures) {
    const a = m.aggregate;
    const used = a.fn === 'count' ? [] : a.fn === 'ratio' ? [a.numerator, a.denominator] : [a.field];
    for (const f of used) if (!fields.has(f)) out.push(`measure ${m.key}: ${f}`);
  }
  if (!dimensions.has(d.mainDimension)) out.push('main dimension');
  for (const r of d.reports) {
    for (const k of r.kpis) if (!measures.has(k)) out.push(`${r.key} kpi ${k}`);
    for (const c of r.charts) {
      if (!dimensions.has(c.dimension)) out.push(`${r.key}/${c.key} dimension`);
      if (c.split && (!dimensions.has(c.split) || c.measures.length !== 1))
        out.push(`${r.key}/${c.key} split`);
      for (const k of c.measures) if (!measures.has(k)) out.push(`${r.key}/${c.key} measure ${k}`);
    }
  }
  return out;
}

describe('sector declarations', () => {
  it('declares every industry once, each consistent with itself', () => {
    expect(SECTOR_DECLARATIONS.map((d) => d.industry)).toEqual(INDUSTRIES.map((i) => i.name));
    expect(SECTOR_DECLARATIONS.map((d) => d.slug)).toEqual(INDUSTRIES.map((i) => i.slug));
    expect(new Set(SECTOR_DECLARATIONS.map((d) => d.table)).size).toBe(SECTOR_DECLARATIONS.length);
    for (const d of SECTOR_DECLARATIONS) expect(problems(d), d.industry).toEqual([]);
  });

  it('offers at least four reports per sector, Beta the fewest and Alpha+ every one', () => {
    for (const d of SECTOR_DECLARATIONS) {
      const count = (tier: 'Beta' | 'Alpha' | 'Alpha+') =>
        d.reports.filter((r) => r.tiers.includes(tier)).length;
      expect(d.reports.length, d.industry).toBeGreaterThanOrEqual(4);
      expect(count('Beta'), d.industry).toBeGreaterThan(0);
      expect(count('Beta'), d.industry).toBeLessThan(count('Alpha+'));
      expect(count('Alpha+'), d.industry).toBe(d.reports.length);
      expect(sectorOverview(d).tiers, d.industry).toContain('Beta');
    }
  });

  it('gives every template its own UUID, found from any case', () => {
    const uuids = SECTOR_DECLARATIONS.flatMap((d) => d.reports.map((r) => r.uuid));
    expect(new Set(uuids).size).toBe(uuids.length);
    for (const u of uuids)
      expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(findSectorReport(uuids[7]!.toUpperCase())?.report.uuid).toBe(uuids[7]);
    expect(findReportTemplate('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('keeps Education as it was: the student template and the five report UUIDs and names', () => {
    const education = sectorDeclaration(null);
    expect(education.upload).toBe(STUDENT_TEMPLATE);
    expect(education.table).toBe('dataset_rows');
    expect(REPORT_TEMPLATES.map((t) => [t.uuid.slice(-2), t.name])).toEqual([
      ['01', 'Grades by Gender'],
      ['02', 'Project Submission Status'],
      ['03', 'Score Distribution'],
      ['04', 'Enrolment Trend'],
      ['05', 'Sector Overview'],
    ]);
    expect(sectorOverview(education).uuid).toBe(SECTOR_OVERVIEW_UUID);
  });

  it("gives the pickers the member's sector's templates (Education without a sector)", () => {
    expect(reportTemplatesFor('Hotels').map((t) => t.name)).toContain('ADR and RevPAR');
    expect(reportTemplatesFor('hotels').every((t) => t.sector === 'Hotels')).toBe(true);
    expect(reportTemplatesFor(null)).toEqual(REPORT_TEMPLATES);
    expect(sectorDeclaration('Real-Estate').upload.rowKey).toEqual(['listing_id']);
  });
});
