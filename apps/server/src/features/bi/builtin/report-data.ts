import type { EmbedReportData, ReportTemplateKey } from '@insightra/contract';
import type { Database } from '../../../db/client';
import type { ReportSummaryDimension } from '../../../db/schema';

interface SummaryRow {
  dimension: ReportSummaryDimension;
  grade: string | null;
  gender: string | null;
  submitted: boolean | null;
  score_band: number | null;
  /** 'YYYY-MM' */
  enrol_month: string | null;
  student_count: number;
  score_sum: number | null;
  score_count: number;
}

export interface ReportSnapshot {
  refreshedAt: string | null;
  rowCount: number;
  data: EmbedReportData;
}

/** Grades sort as people read them: numerically where they are numbers ('2' before '10'). */
const byGrade = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** One template's data from the member's summary tables (a few dozen rows at most, however big the data). */
export async function readReport(
  db: Database,
  userId: number,
  template: ReportTemplateKey,
): Promise<ReportSnapshot> {
  const [{ rows }, { rows: state }] = await Promise.all([
    db.query<SummaryRow>(
      `SELECT dimension, grade, gender, submitted, score_band, to_char(enrol_month, 'YYYY-MM') AS enrol_month, student_count, score_sum, score_count
         FROM report_summaries WHERE user_id = $1`,
      [userId],
    ),
    db.query<{ refreshed_at: Date; row_count: number }>(
      'SELECT refreshed_at, row_count FROM report_refresh_state WHERE user_id = $1',
      [userId],
    ),
  ]);
  const of = (d: ReportSummaryDimension) => rows.filter((r) => r.dimension === d);

  const gradeMap = new Map<string, { grade: string; female_count: number; male_count: number }>();
  for (const r of of('grade_gender')) {
    const entry = gradeMap.get(r.grade!) ?? { grade: r.grade!, female_count: 0, male_count: 0 };
    if (r.gender === 'Female') entry.female_count += Number(r.student_count);
    else entry.male_count += Number(r.student_count);
    gradeMap.set(r.grade!, entry);
  }
  const grades = [...gradeMap.values()].sort((a, b) => byGrade.compare(a.grade, b.grade));
  const count = (submitted: boolean) =>
    Number(of('submission').find((r) => r.submitted === submitted)?.student_count ?? 0);
  const submissions = [
    { status: 'Yes' as const, count: count(true) },
    { status: 'No' as const, count: count(false) },
  ];
  const total = of('total')[0];
  const averageScore =
    total && Number(total.score_count) > 0
      ? Math.round((Number(total.score_sum) / Number(total.score_count)) * 10) / 10
      : null;

  let data: EmbedReportData;
  switch (template) {
    case 'grades-by-gender':
      data = { template, rows: grades };
      break;
    case 'project-submissions':
      data = { template, rows: submissions };
      break;
    case 'score-distribution': {
      const bands = new Map(of('score_band').map((r) => [r.score_band, Number(r.student_count)]));
      data = {
        template,
        rows: Array.from({ length: 10 }, (_, i) => ({
          band: i === 9 ? '90-100' : `${i * 10}-${i * 10 + 9}`,
          from: i * 10,
          to: i === 9 ? 100 : i * 10 + 9,
          count: bands.get(i) ?? 0,
        })),
        averageScore,
        scored: Number(total?.score_count ?? 0),
      };
      break;
    }
    case 'enrolment-trend':
      data = {
        template,
        rows: of('enrolment_month')
          .filter((r) => r.enrol_month !== null)
          .map((r) => ({ month: r.enrol_month!, count: Number(r.student_count) }))
          .sort((a, b) => a.month.localeCompare(b.month)),
      };
      break;
    case 'sector-overview':
      data = {
        template,
        students: Number(total?.student_count ?? 0),
        female: grades.reduce((s, g) => s + g.female_count, 0),
        male: grades.reduce((s, g) => s + g.male_count, 0),
        submitted: count(true),
        averageScore,
        grades,
        submissions,
      };
      break;
  }
  return {
    refreshedAt: state[0] ? new Date(state[0].refreshed_at).toISOString() : null,
    rowCount: Number(state[0]?.row_count ?? 0),
    data,
  };
}
