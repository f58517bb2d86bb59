-- The built-in BI provider's report data: per member, summary tables recomputed by a refresh from
-- the member's current dataset rows (docs/decisions/101-sector-reports.md).

-- One row per group of one grouping set of the refresh's single GROUP BY GROUPING SETS pass.
CREATE TABLE report_summaries (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  dimension text NOT NULL CHECK (dimension IN ('grade_gender', 'submission', 'score_band', 'enrolment_month', 'total')),
  grade text,
  gender text,
  submitted boolean,
  -- floor(score / 10), with 100 in band 9 (90-100); NULL for rows without a score.
  score_band smallint,
  enrol_month date,
  student_count bigint NOT NULL,
  score_sum numeric,
  score_count bigint NOT NULL DEFAULT 0
);
CREATE INDEX report_summaries_user_idx ON report_summaries (user_id, dimension);

-- When each member's summaries were last recomputed, and from how many rows.
CREATE TABLE report_refresh_state (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  refreshed_at timestamptz NOT NULL,
  data_as_of timestamptz NOT NULL,
  row_count bigint NOT NULL,
  job_id uuid
);

-- The report dimensions of each row, computed once when the row is written rather than by every
-- refresh: the refresh then groups by plain columns (docs/decisions/101-sector-reports.md).
ALTER TABLE dataset_rows
  ADD COLUMN score_band smallint GENERATED ALWAYS AS (least(floor(score / 10), 9)::smallint) STORED,
  ADD COLUMN enrol_month date GENERATED ALWAYS AS (date_trunc('month', enrolled_on::timestamp)::date) STORED;
