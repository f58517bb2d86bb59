/**
 * The refresh: one set-based statement that recomputes a member's summary tables from their current
 * rows (per student_id, the row of the newest active upload). The newest active upload's rows are all
 * current, so they are read without any de-duplication; only rows of older active uploads are checked
 * against newer ones (an index probe on dataset_rows_user_student_idx). All five summaries come from
 * one scan with GROUP BY GROUPING SETS (docs/decisions/040-report-summary-tables.md).
 */
export const REFRESH_SUMMARIES_SQL = `
WITH active AS (
  SELECT id FROM upload_logs WHERE user_id = $1::int AND status <> 0
), newest AS (
  SELECT coalesce(max(id), 0) AS id FROM active
), current_rows AS (
  SELECT d.grade, d.gender, d.project_submitted, d.score, d.enrolled_on
  FROM dataset_rows d
  WHERE d.user_id = $1 AND d.upload_id = (SELECT id FROM newest)
  UNION ALL
  SELECT d.grade, d.gender, d.project_submitted, d.score, d.enrolled_on
  FROM dataset_rows d
  WHERE d.user_id = $1
    AND d.upload_id IN (SELECT id FROM active)
    AND d.upload_id < (SELECT id FROM newest)
    AND NOT EXISTS (
      SELECT 1 FROM dataset_rows n JOIN upload_logs u ON u.id = n.upload_id AND u.status <> 0
      WHERE n.user_id = $1 AND n.student_id = d.student_id AND n.upload_id > d.upload_id
    )
), shaped AS (
  SELECT grade, gender, project_submitted, score,
         least(floor(score / 10), 9)::smallint AS score_band,
         date_trunc('month', enrolled_on)::date AS enrol_month
  FROM current_rows
)
INSERT INTO report_summaries
  (user_id, dimension, grade, gender, submitted, score_band, enrol_month, student_count, score_sum, score_count)
SELECT $1::int,
       CASE
         WHEN GROUPING(grade, gender) = 0 THEN 'grade_gender'
         WHEN GROUPING(project_submitted) = 0 THEN 'submission'
         WHEN GROUPING(score_band) = 0 THEN 'score_band'
         WHEN GROUPING(enrol_month) = 0 THEN 'enrolment_month'
         ELSE 'total'
       END,
       grade, gender, project_submitted, score_band, enrol_month,
       count(*), sum(score), count(score)
FROM shaped
GROUP BY GROUPING SETS ((grade, gender), (project_submitted), (score_band), (enrol_month), ())
`;

/** A cheap size of the member's data for the estimate: rows of their active uploads. */
export const ACTIVE_ROW_COUNT_SQL = `
SELECT count(*)::bigint AS n FROM dataset_rows d
WHERE d.user_id = $1 AND d.upload_id IN (SELECT id FROM upload_logs WHERE user_id = $1 AND status <> 0)
`;
