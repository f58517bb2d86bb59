-- Every built-in report, Education's five included, is drawn from sector_summaries (0011), which each
-- refresh recomputes; nothing reads report_summaries (0004) any more, so the refresh no longer writes
-- it and it goes (docs/decisions/113-refresh-sql-in-repositories.md). dataset_rows keeps its generated
-- score_band and enrol_month columns: the refresh groups Education's rows by them.
DROP TABLE report_summaries;
