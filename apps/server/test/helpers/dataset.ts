import type { Database } from '../../src/db/client';

export interface DatasetRow {
  student_id: string;
  student_name?: string;
  gender: 'Female' | 'Male';
  grade: string;
  project_submitted: boolean;
  score?: number | null;
  enrolled_on?: string | null;
}

/**
 * Seeds one upload by the user into their default organisation (an upload_logs row) with its accepted dataset rows, as the uploads feature would
 * store them. `status: 0` makes it a purged (Deleted) upload. Returns the upload id.
 */
export async function seedUpload(
  db: Database,
  userId: number,
  rows: DatasetRow[],
  options: { status?: number; date?: Date; fileName?: string } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: log } = await tx.query<{ id: number; organisation_id: number }>(
      `INSERT INTO upload_logs (organisation_id, user_id, file_name, file_format, total_processed, total_accepted, success_rate, status, date)
       SELECT default_organisation_id, id, $2, 'csv', $3, $3, 100, $4, $5 FROM users WHERE id = $1
       RETURNING id, organisation_id`,
      [
        userId,
        options.fileName ?? 'students.csv',
        rows.length,
        options.status ?? 1,
        options.date ?? new Date(),
      ],
    );
    const { id: uploadId, organisation_id: organisationId } = log[0]!;
    if (rows.length > 0) {
      await tx.query(
        `INSERT INTO dataset_rows (upload_id, organisation_id, student_id, student_name, gender, grade, project_submitted, score, enrolled_on)
         SELECT $1, $2, r.student_id, coalesce(r.student_name, 'Student ' || r.student_id), r.gender, r.grade,
                r.project_submitted, r.score, r.enrolled_on
           FROM jsonb_to_recordset($3::jsonb) AS r(student_id text, student_name text, gender text, grade text,
                project_submitted boolean, score numeric, enrolled_on date)`,
        [uploadId, organisationId, JSON.stringify(rows)],
      );
    }
    return uploadId;
  });
}

/**
 * `count` generated rows in one upload, entirely in SQL (fast for large counts): grades 1-10,
 * alternating gender, two in three submitted, scores 0-100, enrolments across 2025.
 */
export async function seedGeneratedUpload(db: Database, userId: number, count: number): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: log } = await tx.query<{ id: number; organisation_id: number }>(
      `INSERT INTO upload_logs (organisation_id, user_id, file_name, file_format, total_processed, total_accepted, success_rate)
       SELECT default_organisation_id, id, 'generated.csv', 'csv', $2, $2, 100 FROM users WHERE id = $1
       RETURNING id, organisation_id`,
      [userId, count],
    );
    const { id: uploadId, organisation_id: organisationId } = log[0]!;
    await tx.query(
      `INSERT INTO dataset_rows (upload_id, organisation_id, student_id, student_name, gender, grade, project_submitted, score, enrolled_on)
       SELECT $1, $2, 'S' || g, 'Student ' || g, CASE WHEN g % 2 = 0 THEN 'Female' ELSE 'Male' END,
              'Grade ' || (g % 10 + 1), g % 3 <> 0, (g * 37) % 101, DATE '2025-01-01' + (g % 365)
         FROM generate_series(1, $3::int) AS g`,
      [uploadId, organisationId, count],
    );
    return uploadId;
  });
}
