-- Every built-in report, Education's five included, is drawn from sector_summaries (0011), which each
-- refresh recomputes; nothing reads report_summaries (0004) any more, so the refresh no longer writes
-- it and it goes (docs/decisions/101-sector-reports.md).
DROP TABLE report_summaries;

-- The refresh groups Education's rows by the stored score band (a plain column keeps the planner's
-- group estimate right). 0004's band was 9 for a row without a score (least() skips NULLs); a row
-- without a score has no band.
ALTER TABLE dataset_rows DROP COLUMN score_band;
ALTER TABLE dataset_rows
  ADD COLUMN score_band smallint
  GENERATED ALWAYS AS (CASE WHEN score IS NOT NULL THEN least(floor(score / 10), 9)::smallint END) STORED;
