-- With one active upload, an organisation's summaries are that upload's stored summary (0015): the
-- refresh points the reports at it instead of copying its rows into sector_summaries
-- (docs/decisions/122-upload-summaries.md). No ON DELETE action: a purge of the upload pointed at
-- copies its summary into sector_summaries and clears the pointer first, so that the reports keep
-- showing what the last refresh left.
ALTER TABLE report_refresh_state
  ADD COLUMN summary_upload_id integer REFERENCES upload_summaries (upload_id),
  ADD COLUMN summary_sector text,
  ADD CHECK ((summary_upload_id IS NULL) = (summary_sector IS NULL));
