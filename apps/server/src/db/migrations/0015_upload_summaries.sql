-- Each published upload's summary: the sums and counts of every grouping its sector's reports read,
-- over that upload's rows, computed before the upload is published. A refresh adds the newest active
-- upload's summary to a summary of the older uploads' current rows instead of summarising every row
-- again (docs/decisions/122-upload-summaries.md). `plan` names the summary query that made `rows`: a
-- summary made by another version of the sector's reports is computed again from the rows.
CREATE TABLE upload_summaries (
  upload_id integer PRIMARY KEY REFERENCES upload_logs (id) ON DELETE CASCADE,
  plan text NOT NULL,
  rows jsonb NOT NULL
);
