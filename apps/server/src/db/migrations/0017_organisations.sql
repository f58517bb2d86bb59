-- Organisations (docs/decisions/130-organisations.md): a client is an organisation of several people,
-- and what a member owned (sector, customer number, uploads and their rows, report tabs, refresh jobs
-- and state, summaries) is now owned by an organisation. Every existing account becomes the owner of a
-- one-person organisation whose id is the account's id, so the owner column of the large per-sector row
-- tables is renamed in place, not rewritten. Columns that record a person (upload_logs.user_id,
-- refresh_jobs.user_id, stored_files.owner_id, reports.created_by) keep meaning who did it.

-- The Power BI reader views name the owner column; they are made again below.
DROP VIEW powerbi_members, powerbi_sectors, powerbi_current_rows, powerbi_dataset_rows,
  powerbi_automobile_current_rows, powerbi_automobile_rows, powerbi_real_estate_current_rows,
  powerbi_real_estate_rows, powerbi_healthcare_current_rows, powerbi_healthcare_rows,
  powerbi_retail_current_rows, powerbi_retail_rows, powerbi_hotels_current_rows, powerbi_hotels_rows,
  powerbi_uploads;

CREATE TABLE organisations (
  id serial PRIMARY KEY,
  name text NOT NULL,
  sector_id integer REFERENCES sectors (id),
  customer_id integer NOT NULL DEFAULT 0,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organisations_name_lower_idx ON organisations (lower(name), id);
CREATE INDEX organisations_created_by_idx ON organisations (created_by);

CREATE TABLE memberships (
  organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, user_id)
);
CREATE INDEX memberships_user_idx ON memberships (user_id, organisation_id);

-- A single-use link to join an organisation; only the SHA-256 of its token is kept.
CREATE TABLE invitations (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
  token_hash text NOT NULL UNIQUE,
  invited_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by integer REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz
);
CREATE INDEX invitations_organisation_idx ON invitations (organisation_id, created_at DESC);
CREATE INDEX invitations_inviter_idx ON invitations (invited_by, created_at DESC);

INSERT INTO organisations (id, name, sector_id, customer_id, created_by, created_at)
SELECT id, COALESCE(NULLIF(full_name, ''), username), sector_id, customer_id, id, created_date FROM users;
SELECT setval(pg_get_serial_sequence('organisations', 'id'), COALESCE((SELECT max(id) FROM organisations), 0) + 1, false);
INSERT INTO memberships (organisation_id, user_id, role, joined_at)
SELECT id, id, 'owner', created_date FROM users;

-- Each user's organisations ({id, name, role}, by name), kept by triggers from the memberships and the
-- organisations' names: the session read on every request takes the list as it is, without joining it.
ALTER TABLE users ADD COLUMN organisations jsonb NOT NULL DEFAULT '[]';
CREATE FUNCTION user_organisations(uid integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT COALESCE(jsonb_agg(jsonb_build_object('id', o.id, 'name', o.name, 'role', m.role)
                            ORDER BY lower(o.name), o.id), '[]'::jsonb)
    FROM memberships m JOIN organisations o ON o.id = m.organisation_id
   WHERE m.user_id = uid
$$;
UPDATE users SET organisations = user_organisations(id);
CREATE FUNCTION memberships_keep_user_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE users SET organisations = user_organisations(OLD.user_id) WHERE id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE users SET organisations = user_organisations(NEW.user_id) WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER memberships_keep_user_lists AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION memberships_keep_user_lists();
CREATE FUNCTION organisations_keep_user_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET organisations = user_organisations(id)
   WHERE id IN (SELECT user_id FROM memberships WHERE organisation_id = NEW.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER organisations_keep_user_lists AFTER UPDATE OF name ON organisations
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION organisations_keep_user_lists();

-- The organisation new sessions start in (the last one switched to, else the first joined).
ALTER TABLE users ADD COLUMN default_organisation_id integer REFERENCES organisations (id) ON DELETE SET NULL;
UPDATE users SET default_organisation_id = id;
ALTER TABLE users DROP COLUMN sector_id;
ALTER TABLE users DROP COLUMN customer_id;

-- A session's active organisation.
ALTER TABLE sessions ADD COLUMN organisation_id integer REFERENCES organisations (id) ON DELETE SET NULL;
UPDATE sessions SET organisation_id = user_id;

-- Owned by the organisation: renamed in place (the ids are the same numbers).
ALTER TABLE reports RENAME COLUMN user_id TO organisation_id;
ALTER TABLE reports DROP CONSTRAINT reports_user_id_fkey;
ALTER TABLE reports ADD FOREIGN KEY (organisation_id) REFERENCES organisations (id) ON DELETE CASCADE;
ALTER INDEX reports_user_tier_idx RENAME TO reports_organisation_tier_idx;

ALTER TABLE report_refresh_state RENAME COLUMN user_id TO organisation_id;
ALTER TABLE report_refresh_state DROP CONSTRAINT report_refresh_state_user_id_fkey;
ALTER TABLE report_refresh_state ADD FOREIGN KEY (organisation_id) REFERENCES organisations (id) ON DELETE CASCADE;

ALTER TABLE sector_summaries RENAME COLUMN user_id TO organisation_id;
ALTER TABLE sector_summaries DROP CONSTRAINT sector_summaries_user_id_fkey;
ALTER TABLE sector_summaries ADD FOREIGN KEY (organisation_id) REFERENCES organisations (id) ON DELETE CASCADE;
ALTER INDEX sector_summaries_user_idx RENAME TO sector_summaries_organisation_idx;

ALTER TABLE dataset_rows RENAME COLUMN user_id TO organisation_id;
ALTER INDEX dataset_rows_user_student_idx RENAME TO dataset_rows_organisation_key_idx;
ALTER TABLE automobile_rows RENAME COLUMN user_id TO organisation_id;
ALTER INDEX automobile_rows_user_key_idx RENAME TO automobile_rows_organisation_key_idx;
ALTER TABLE real_estate_rows RENAME COLUMN user_id TO organisation_id;
ALTER INDEX real_estate_rows_user_key_idx RENAME TO real_estate_rows_organisation_key_idx;
ALTER TABLE healthcare_rows RENAME COLUMN user_id TO organisation_id;
ALTER INDEX healthcare_rows_user_key_idx RENAME TO healthcare_rows_organisation_key_idx;
ALTER TABLE retail_rows RENAME COLUMN user_id TO organisation_id;
ALTER INDEX retail_rows_user_key_idx RENAME TO retail_rows_organisation_key_idx;
ALTER TABLE hotels_rows RENAME COLUMN user_id TO organisation_id;
ALTER INDEX hotels_rows_user_key_idx RENAME TO hotels_rows_organisation_key_idx;

-- Who did it (user_id) and, beside it, whose it is.
ALTER TABLE upload_logs ADD COLUMN organisation_id integer REFERENCES organisations (id) ON DELETE CASCADE;
UPDATE upload_logs SET organisation_id = user_id;
ALTER TABLE upload_logs ALTER COLUMN organisation_id SET NOT NULL;
ALTER TABLE upload_logs ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE upload_logs DROP CONSTRAINT upload_logs_user_id_fkey;
ALTER TABLE upload_logs ADD FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX upload_logs_organisation_date_idx ON upload_logs (organisation_id, date DESC, id DESC);
DROP INDEX upload_logs_user_date_idx;

ALTER TABLE pending_uploads ADD COLUMN organisation_id integer REFERENCES organisations (id) ON DELETE CASCADE;
UPDATE pending_uploads SET organisation_id = user_id;
ALTER TABLE pending_uploads ALTER COLUMN organisation_id SET NOT NULL;

ALTER TABLE refresh_jobs ADD COLUMN organisation_id integer REFERENCES organisations (id) ON DELETE CASCADE;
UPDATE refresh_jobs SET organisation_id = user_id;
ALTER TABLE refresh_jobs ALTER COLUMN organisation_id SET NOT NULL;
ALTER TABLE refresh_jobs ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE refresh_jobs DROP CONSTRAINT refresh_jobs_user_id_fkey;
ALTER TABLE refresh_jobs ADD FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;
DROP INDEX refresh_jobs_one_active_key;
CREATE UNIQUE INDEX refresh_jobs_one_active_key ON refresh_jobs (organisation_id) WHERE status IN ('queued', 'refreshing');
DROP INDEX refresh_jobs_user_idx;
CREATE INDEX refresh_jobs_organisation_idx ON refresh_jobs (organisation_id, requested_at DESC);

-- The Power BI reader views (docs/POWERBI.md, decision 076), keyed by organisation_id: the column the
-- model's row-level-security role filters on ([organisation_id] = the number in USERNAME() "org:{id}").

CREATE VIEW powerbi_uploads WITH (security_barrier) AS
SELECT u.id AS upload_id,
       u.organisation_id,
       u.user_id AS uploaded_by,
       u.file_name,
       u.file_format,
       u.total_processed,
       u.total_accepted,
       u.total_failed,
       u.success_rate,
       u.date AS uploaded_at
  FROM upload_logs u
 WHERE u.status <> 0;

-- Every accepted row of those uploads.
CREATE VIEW powerbi_dataset_rows WITH (security_barrier) AS
SELECT d.upload_id,
       d.organisation_id,
       d.student_id,
       d.student_name,
       d.gender,
       d.grade,
       d.project_submitted,
       d.score,
       d.enrolled_on
  FROM dataset_rows d
  JOIN powerbi_uploads u ON u.upload_id = d.upload_id AND u.organisation_id = d.organisation_id;

-- An organisation's current data, as the built-in reports count it: per student_id, the row of the organisation's
-- newest upload among those above.
CREATE VIEW powerbi_current_rows AS
SELECT DISTINCT ON (r.organisation_id, r.student_id)
       r.upload_id,
       r.organisation_id,
       r.student_id,
       r.student_name,
       r.gender,
       r.grade,
       r.project_submitted,
       r.score,
       r.enrolled_on
  FROM powerbi_dataset_rows r
 ORDER BY r.organisation_id, r.student_id, r.upload_id DESC;

CREATE VIEW powerbi_automobile_rows WITH (security_barrier) AS
SELECT d.upload_id,
       d.organisation_id,
       d."sale_date",
       d."dealer",
       d."model",
       d."variant",
       d."fuel_type",
       d."units",
       d."revenue"
  FROM automobile_rows d
  JOIN powerbi_uploads u ON u.upload_id = d.upload_id AND u.organisation_id = d.organisation_id;

CREATE VIEW powerbi_automobile_current_rows AS
SELECT DISTINCT ON (r.organisation_id, r."sale_date", r."dealer", r."model", r."variant", r."fuel_type")
       r.upload_id, r.organisation_id, r."sale_date", r."dealer", r."model", r."variant", r."fuel_type", r."units", r."revenue"
  FROM powerbi_automobile_rows r
 ORDER BY r.organisation_id, r."sale_date", r."dealer", r."model", r."variant", r."fuel_type", r.upload_id DESC;

CREATE VIEW powerbi_real_estate_rows WITH (security_barrier) AS
SELECT d.upload_id,
       d.organisation_id,
       d."listing_id",
       d."city",
       d."locality",
       d."property_type",
       d."listed_on",
       d."sold_on",
       d."list_price",
       d."sale_price"
  FROM real_estate_rows d
  JOIN powerbi_uploads u ON u.upload_id = d.upload_id AND u.organisation_id = d.organisation_id;

CREATE VIEW powerbi_real_estate_current_rows AS
SELECT DISTINCT ON (r.organisation_id, r."listing_id")
       r.upload_id, r.organisation_id, r."listing_id", r."city", r."locality", r."property_type", r."listed_on", r."sold_on", r."list_price", r."sale_price"
  FROM powerbi_real_estate_rows r
 ORDER BY r.organisation_id, r."listing_id", r.upload_id DESC;

CREATE VIEW powerbi_healthcare_rows WITH (security_barrier) AS
SELECT d.upload_id,
       d.organisation_id,
       d."visit_id",
       d."visit_date",
       d."department",
       d."age_band",
       d."gender",
       d."length_of_stay",
       d."readmitted"
  FROM healthcare_rows d
  JOIN powerbi_uploads u ON u.upload_id = d.upload_id AND u.organisation_id = d.organisation_id;

CREATE VIEW powerbi_healthcare_current_rows AS
SELECT DISTINCT ON (r.organisation_id, r."visit_id")
       r.upload_id, r.organisation_id, r."visit_id", r."visit_date", r."department", r."age_band", r."gender", r."length_of_stay", r."readmitted"
  FROM powerbi_healthcare_rows r
 ORDER BY r.organisation_id, r."visit_id", r.upload_id DESC;

CREATE VIEW powerbi_retail_rows WITH (security_barrier) AS
SELECT d.upload_id,
       d.organisation_id,
       d."date",
       d."store",
       d."category",
       d."units",
       d."revenue",
       d."footfall"
  FROM retail_rows d
  JOIN powerbi_uploads u ON u.upload_id = d.upload_id AND u.organisation_id = d.organisation_id;

CREATE VIEW powerbi_retail_current_rows AS
SELECT DISTINCT ON (r.organisation_id, r."date", r."store", r."category")
       r.upload_id, r.organisation_id, r."date", r."store", r."category", r."units", r."revenue", r."footfall"
  FROM powerbi_retail_rows r
 ORDER BY r.organisation_id, r."date", r."store", r."category", r.upload_id DESC;

CREATE VIEW powerbi_hotels_rows WITH (security_barrier) AS
SELECT d.upload_id,
       d.organisation_id,
       d."date",
       d."property",
       d."rooms_available",
       d."rooms_sold",
       d."room_revenue"
  FROM hotels_rows d
  JOIN powerbi_uploads u ON u.upload_id = d.upload_id AND u.organisation_id = d.organisation_id;

CREATE VIEW powerbi_hotels_current_rows AS
SELECT DISTINCT ON (r.organisation_id, r."date", r."property")
       r.upload_id, r.organisation_id, r."date", r."property", r."rooms_available", r."rooms_sold", r."room_revenue"
  FROM powerbi_hotels_rows r
 ORDER BY r.organisation_id, r."date", r."property", r.upload_id DESC;

-- Organisations' names and sectors, for labels and slicers.
CREATE VIEW powerbi_organisations AS
SELECT o.id AS organisation_id, o.name, o.sector_id
  FROM organisations o;

CREATE VIEW powerbi_sectors AS
SELECT s.id AS sector_id, s.name, s.slug
  FROM sectors s;
