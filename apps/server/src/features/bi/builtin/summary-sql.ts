/**
 * The refresh, in two set-based statements (docs/decisions/040-report-summary-tables.md):
 *
 * 1. CUBE: one GROUP BY over the member's current rows (per student_id, the row of the newest active
 *    upload) by every dimension the reports use at once: grade, gender, submitted, score band, month
 *    (the last two are generated columns of dataset_rows, so no per-row expression is evaluated).
 *    Its result is small (at most a few thousand groups, whatever the row count), and as a plain
 *    SELECT it may run in parallel like any other aggregate query.
 * 2. ROLLUP: INSERT … SELECT … GROUP BY GROUPING SETS over that cube into report_summaries.
 *
 * The newest active upload's rows are all current, so they are read with no de-duplication; only rows
 * of older active uploads are checked against newer ones.
 */
const COLUMNS = 'd.grade, d.gender, d.project_submitted, d.score, d.score_band, d.enrol_month';

/** $1 user id, $2 newest active upload id, $3 every active upload id, $4 the older ones. */
export function cubeSql(hasOlderUploads: boolean): string {
  const newest = `SELECT ${COLUMNS} FROM dataset_rows d WHERE d.upload_id = $2::int AND d.user_id = $1::int`;
  const older = `SELECT ${COLUMNS} FROM dataset_rows d
    WHERE d.upload_id = ANY($4::int[]) AND d.user_id = $1::int
      AND NOT EXISTS (
        SELECT 1 FROM dataset_rows n
         WHERE n.user_id = $1::int AND n.student_id = d.student_id
           AND n.upload_id > d.upload_id AND n.upload_id = ANY($3::int[]))`;
  return `
SELECT grade, gender, project_submitted AS submitted, score_band, to_char(enrol_month, 'YYYY-MM-DD') AS enrol_month,
       count(*)::bigint AS n, sum(score) AS score_sum, count(score)::bigint AS score_count
  FROM (${hasOlderUploads ? `${newest} UNION ALL ${older}` : newest}) c
 GROUP BY grade, gender, project_submitted, score_band, c.enrol_month`;
}

export interface CubeRow {
  grade: string;
  gender: string;
  submitted: boolean;
  score_band: number | null;
  enrol_month: string | null;
  n: number;
  score_sum: number | null;
  score_count: number;
}

/** $1 user id, $2 the cube as JSON. */
export const ROLLUP_SQL = `
INSERT INTO report_summaries
  (user_id, dimension, grade, gender, submitted, score_band, enrol_month, student_count, score_sum, score_count)
SELECT $1::int,
       CASE
         WHEN GROUPING(grade, gender) = 0 THEN 'grade_gender'
         WHEN GROUPING(submitted) = 0 THEN 'submission'
         WHEN GROUPING(score_band) = 0 THEN 'score_band'
         WHEN GROUPING(enrol_month) = 0 THEN 'enrolment_month'
         ELSE 'total'
       END,
       grade, gender, submitted, score_band, enrol_month::date,
       coalesce(sum(n), 0), sum(score_sum), coalesce(sum(score_count), 0)
  FROM jsonb_to_recordset($2::jsonb) AS c(grade text, gender text, submitted boolean, score_band smallint,
       enrol_month text, n bigint, score_sum numeric, score_count bigint)
 GROUP BY GROUPING SETS ((grade, gender), (submitted), (score_band), (enrol_month), ())`;

/**
 * A cheap size of the member's data for the estimate: the accepted rows of their active uploads (in
 * whichever sector's table they are).
 */
export const ACTIVE_ROW_COUNT_SQL = `
SELECT coalesce(sum(total_accepted), 0)::bigint AS n FROM upload_logs WHERE user_id = $1 AND status <> 0
`;
