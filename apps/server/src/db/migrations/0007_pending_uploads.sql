-- Uploads are written in bounded pieces under a pending upload and published by one small final
-- transaction (docs/decisions/080-pending-uploads.md). A pending upload's id is taken from the upload
-- logs' sequence, so its rows in dataset_rows already carry the id its log will have; until the log
-- row exists, every reader (they all go through upload_logs) passes them by.
CREATE TABLE pending_uploads (
  id integer PRIMARY KEY DEFAULT nextval('upload_logs_id_seq'),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  -- The instance writing the upload renews the lease; only an expired (or provably dead) one is swept.
  lease_owner text NOT NULL,
  lease_expires_at timestamptz NOT NULL,
  byte_size bigint NOT NULL DEFAULT 0,
  original_file_id bigint REFERENCES stored_files (id) ON DELETE SET NULL,
  rejected_file_id bigint REFERENCES stored_files (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pending_uploads_user_idx ON pending_uploads (user_id);
CREATE INDEX pending_uploads_lease_idx ON pending_uploads (lease_expires_at);

-- The uploaded size of each published upload, for the daily volume bound.
ALTER TABLE upload_logs ADD COLUMN IF NOT EXISTS byte_size bigint NOT NULL DEFAULT 0;

-- A pending upload removed without being published (its member deleted, or a sweep that finished its
-- pieces) takes its rows along; once published, its rows belong to the upload log.
-- The published ones are left out first, so a publish never visits its own rows.
CREATE OR REPLACE FUNCTION dataset_rows_follow_pending_uploads() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  gone integer;
BEGIN
  FOR gone IN
    SELECT r.id FROM removed_pending r WHERE NOT EXISTS (SELECT 1 FROM upload_logs u WHERE u.id = r.id)
  LOOP
    DELETE FROM dataset_rows WHERE upload_id = gone;
  END LOOP;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS pending_uploads_remove_rows ON pending_uploads;
CREATE TRIGGER pending_uploads_remove_rows
  AFTER DELETE ON pending_uploads
  REFERENCING OLD TABLE AS removed_pending
  FOR EACH STATEMENT EXECUTE FUNCTION dataset_rows_follow_pending_uploads();
