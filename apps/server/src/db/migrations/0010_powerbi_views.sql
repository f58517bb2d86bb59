-- What the Power BI model may read (docs/POWERBI.md §3, decision 076). The model's reader role is
-- granted these views and nothing else: only the columns a model needs (no password hash, e-mail,
-- Google subject, phone or address) and only the rows of published, active uploads. Every view keeps
-- `user_id`, the column the model's row-level-security role filters on ([user_id] = VALUE(USERNAME())).
--
-- To add a dataset (another sector's rows table, say), add a view that selects its columns and joins
-- powerbi_uploads on upload_id like powerbi_dataset_rows, so that the one rule below decides which
-- uploads every view shows; then grant it to the reader role as docs/POWERBI.md shows.

-- The uploads a report may show: the only WHERE clause that decides it (status 0 = deleted).
CREATE VIEW powerbi_uploads WITH (security_barrier) AS
SELECT u.id AS upload_id,
       u.user_id,
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
       d.user_id,
       d.student_id,
       d.student_name,
       d.gender,
       d.grade,
       d.project_submitted,
       d.score,
       d.enrolled_on
  FROM dataset_rows d
  JOIN powerbi_uploads u ON u.upload_id = d.upload_id AND u.user_id = d.user_id;

-- A member's current data, as the built-in reports count it: per student_id, the row of the member's
-- newest upload among those above.
CREATE VIEW powerbi_current_rows AS
SELECT DISTINCT ON (r.user_id, r.student_id)
       r.upload_id,
       r.user_id,
       r.student_id,
       r.student_name,
       r.gender,
       r.grade,
       r.project_submitted,
       r.score,
       r.enrolled_on
  FROM powerbi_dataset_rows r
 ORDER BY r.user_id, r.student_id, r.upload_id DESC;

-- Members' names and sectors, for labels and slicers.
CREATE VIEW powerbi_members AS
SELECT u.id AS user_id, u.username, u.full_name, u.sector_id
  FROM users u;

CREATE VIEW powerbi_sectors AS
SELECT s.id AS sector_id, s.name, s.slug
  FROM sectors s;
