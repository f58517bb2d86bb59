import type { Tier } from './constants';

/**
 * The built-in BI provider's report templates (docs/PRODUCT.md#built-in-provider). Each has a fixed UUID, so a report tab
 * (or an administrator's Add Report) refers to a template by `report_uuid`. The dashboard's and the
 * admin's Add Report pickers offer this list.
 */
export const REPORT_TEMPLATE_KEYS = [
  'grades-by-gender',
  'project-submissions',
  'score-distribution',
  'enrolment-trend',
  'sector-overview',
] as const;
export type ReportTemplateKey = (typeof REPORT_TEMPLATE_KEYS)[number];

export interface ReportTemplate {
  key: ReportTemplateKey;
  uuid: string;
  name: string;
  description: string;
  /** Tiers whose tabs offer this template first; any tier may still add any template by its UUID. */
  tiers: readonly Tier[];
}

const ALL_TIERS = ['Beta', 'Alpha', 'Alpha+'] as const;

export const REPORT_TEMPLATES: readonly ReportTemplate[] = [
  {
    key: 'grades-by-gender',
    uuid: '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c01',
    name: 'Grades by Gender',
    description: 'Female and male students per grade.',
    tiers: ALL_TIERS,
  },
  {
    key: 'project-submissions',
    uuid: '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c02',
    name: 'Project Submission Status',
    description: 'Submitted and not submitted projects, with the submission rate.',
    tiers: ALL_TIERS,
  },
  {
    key: 'score-distribution',
    uuid: '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c03',
    name: 'Score Distribution',
    description: 'Students per score band of ten points, with the average score.',
    tiers: ['Alpha', 'Alpha+'],
  },
  {
    key: 'enrolment-trend',
    uuid: '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c04',
    name: 'Enrolment Trend',
    description: 'New enrolments per month.',
    tiers: ['Alpha+'],
  },
  {
    key: 'sector-overview',
    uuid: '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c05',
    name: 'Sector Overview',
    description: 'Key figures of your data: students, gender split, submissions and scores.',
    tiers: ALL_TIERS,
  },
];

/** The report a sector page embeds unless an administrator configured another for that sector. */
export const SECTOR_OVERVIEW_UUID = '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c05';

export function findReportTemplate(uuid: string): ReportTemplate | undefined {
  const wanted = uuid.toLowerCase();
  return REPORT_TEMPLATES.find((t) => t.uuid === wanted);
}
