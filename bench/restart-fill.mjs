// Fills the restart benchmark's database with a member's upload of ROWS Education rows, as a folder in
// use holds them: node bench/restart-fill.mjs pglite DIR ROWS | node bench/restart-fill.mjs postgres URL ROWS
const [kind, target, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg);
const statements = [
  `INSERT INTO users (username, email, full_name, role)
     VALUES ('bench_rows', 'bench_rows@example.com', 'Bench Rows', 'member')`,
  `INSERT INTO organisations (name, sector_id) VALUES ('Bench Rows', 1)`,
  `INSERT INTO memberships (organisation_id, user_id, role)
     SELECT o.id, u.id, 'owner' FROM organisations o, users u WHERE o.name = 'Bench Rows' AND u.username = 'bench_rows'`,
  `UPDATE users SET default_organisation_id = (SELECT id FROM organisations WHERE name = 'Bench Rows')
     WHERE username = 'bench_rows'`,
  `INSERT INTO upload_logs (organisation_id, user_id, file_name, file_format, total_processed, total_accepted)
     SELECT default_organisation_id, id, 'bench.csv', 'csv', ${rows}, ${rows} FROM users WHERE username = 'bench_rows'`,
  `INSERT INTO dataset_rows (upload_id, organisation_id, student_id, student_name, gender, grade, project_submitted, score, enrolled_on)
     SELECT l.id, l.organisation_id, 'S' || g, 'Student ' || g, CASE WHEN g % 2 = 0 THEN 'Female' ELSE 'Male' END,
            'Grade ' || (1 + g % 12), g % 3 <> 0, (g % 10000) / 100.0, date '2024-01-01' + (g % 365)
       FROM upload_logs l, generate_series(1, ${rows}) g WHERE l.file_name = 'bench.csv'`,
  'CHECKPOINT',
];
if (kind === 'pglite') {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(target);
  for (const s of statements) await db.query(s);
  await db.close();
} else {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  for (const s of statements) await client.query(s);
  await client.end();
}
