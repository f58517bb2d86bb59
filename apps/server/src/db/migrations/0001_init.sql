-- Core schema: users, sectors, reports, stored files, uploads, dataset rows, refresh jobs, issue reports.

CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sectors (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  slug text NOT NULL UNIQUE
);
INSERT INTO sectors (id, name, slug) VALUES
  (1, 'Education', 'education'),
  (2, 'Automobile', 'automobile'),
  (3, 'Real-Estate', 'real-estate'),
  (4, 'Healthcare', 'healthcare'),
  (5, 'Retail', 'retail'),
  (6, 'Hotels', 'hotels');
SELECT setval(pg_get_serial_sequence('sectors', 'id'), 6);

CREATE TABLE users (
  id serial PRIMARY KEY,
  username text NOT NULL,
  full_name text,
  email text,
  password_hash text,
  role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
  region text,
  location text,
  mobile_number text,
  customer_id integer NOT NULL DEFAULT 0,
  sector_id integer REFERENCES sectors (id),
  providers text[] NOT NULL DEFAULT ARRAY['local']::text[],
  google_sub text UNIQUE,
  permissions jsonb NOT NULL DEFAULT '{}'::jsonb,
  dashboard_header text NOT NULL DEFAULT 'Academic Analytics' CHECK (char_length(dashboard_header) BETWEEN 1 AND 255),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX users_full_name_lower_idx ON users (lower(full_name));

CREATE TABLE reports (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tier text NOT NULL CHECK (tier IN ('Beta', 'Alpha', 'Alpha+')),
  report_type text NOT NULL CHECK (char_length(report_type) BETWEEN 1 AND 100),
  report_uuid text NOT NULL CHECK (char_length(report_uuid) BETWEEN 1 AND 100),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reports_user_tier_idx ON reports (user_id, tier, id);

-- Files (upload originals, rejected-row files, screenshots) live in the database, in chunks,
-- so that a file is written in the same transaction as the rows that refer to it.
CREATE TABLE stored_files (
  id bigserial PRIMARY KEY,
  owner_id integer REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('upload-original', 'upload-rejected', 'issue-screenshot')),
  file_name text NOT NULL,
  content_type text NOT NULL,
  byte_size bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  -- Set when the content has been removed (purge or retention); the row stays so downloads can say 410.
  removed_at timestamptz
);
CREATE INDEX stored_files_expiry_idx ON stored_files (expires_at) WHERE removed_at IS NULL;

CREATE TABLE stored_file_chunks (
  file_id bigint NOT NULL REFERENCES stored_files (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (file_id, seq)
);

CREATE TABLE upload_logs (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  file_format text NOT NULL CHECK (file_format IN ('csv', 'xlsx', 'xls')),
  total_processed integer NOT NULL DEFAULT 0,
  total_accepted integer NOT NULL DEFAULT 0,
  total_failed integer NOT NULL DEFAULT 0,
  success_rate numeric(5, 2) NOT NULL DEFAULT 0,
  -- 0 = deleted (purged), 1 = active.
  status smallint NOT NULL DEFAULT 1,
  date timestamptz NOT NULL DEFAULT now(),
  original_file_id bigint REFERENCES stored_files (id) ON DELETE SET NULL,
  rejected_file_id bigint REFERENCES stored_files (id) ON DELETE SET NULL,
  deleted_at timestamptz
);
CREATE INDEX upload_logs_user_date_idx ON upload_logs (user_id, date DESC, id DESC);

-- Accepted rows, with their upload (row provenance). A member's current data is, per student_id,
-- the row of their newest active upload.
CREATE TABLE dataset_rows (
  upload_id integer NOT NULL REFERENCES upload_logs (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  student_id text NOT NULL,
  student_name text NOT NULL,
  gender text NOT NULL CHECK (gender IN ('Female', 'Male')),
  grade text NOT NULL,
  project_submitted boolean NOT NULL,
  score numeric(6, 2),
  enrolled_on date,
  PRIMARY KEY (upload_id, student_id)
);
CREATE INDEX dataset_rows_user_student_idx ON dataset_rows (user_id, student_id, upload_id DESC);

CREATE TABLE refresh_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'refreshing', 'completed', 'failed')),
  message text NOT NULL DEFAULT '',
  row_count bigint,
  attempts integer NOT NULL DEFAULT 0,
  lease_owner text,
  lease_expires_at timestamptz,
  requested_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  duration_ms integer
);
-- At most one queued or running refresh per user.
CREATE UNIQUE INDEX refresh_jobs_one_active_key ON refresh_jobs (user_id) WHERE status IN ('queued', 'refreshing');
CREATE INDEX refresh_jobs_claim_idx ON refresh_jobs (status, lease_expires_at, requested_at);
CREATE INDEX refresh_jobs_user_idx ON refresh_jobs (user_id, requested_at DESC);

CREATE TABLE issue_reports (
  id serial PRIMARY KEY,
  kind text NOT NULL DEFAULT 'issue' CHECK (kind IN ('issue', 'contact')),
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL,
  email text,
  company text,
  subject text NOT NULL,
  issue_type text CHECK (issue_type IN ('Login Error', 'Bug', 'Feature Request', 'Other')),
  issue_type_other text,
  description text NOT NULL,
  screenshot_file_id bigint REFERENCES stored_files (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX issue_reports_created_idx ON issue_reports (created_at DESC, id DESC);
