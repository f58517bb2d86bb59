-- Uploads (issue 7). Accepted rows are bulk-loaded with COPY; the per-row foreign-key triggers of
-- dataset_rows made a 1,000,000-row load ~2.3x slower than the same COPY without them
-- (docs/decisions/100-sector-storage.md). Integrity is kept instead by:
--  * the upload log row being inserted first, in the same transaction as its rows (ingest), and
--  * a statement-level trigger that removes an upload's rows whenever upload logs are deleted
--    (directly, or by the ON DELETE CASCADE from users), so no row outlives its upload.
ALTER TABLE dataset_rows DROP CONSTRAINT IF EXISTS dataset_rows_upload_id_fkey;
ALTER TABLE dataset_rows DROP CONSTRAINT IF EXISTS dataset_rows_user_id_fkey;

CREATE OR REPLACE FUNCTION dataset_rows_follow_upload_logs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dataset_rows d USING removed_logs r WHERE d.upload_id = r.id;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS upload_logs_remove_rows ON upload_logs;
CREATE TRIGGER upload_logs_remove_rows
  AFTER DELETE ON upload_logs
  REFERENCING OLD TABLE AS removed_logs
  FOR EACH STATEMENT EXECUTE FUNCTION dataset_rows_follow_upload_logs();

-- File chunks are stored out of line without compression: most uploads are already compressed
-- (xlsx), and compressing CSV chunks cost more time than the whole COPY of their rows (PGlite
-- spent ~0.5 s per MB in pglz). See docs/decisions/056-csv-files-stored-compressed.md.
ALTER TABLE stored_file_chunks ALTER COLUMN data SET STORAGE EXTERNAL;
