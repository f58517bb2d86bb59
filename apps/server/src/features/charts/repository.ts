import type { GradesRow, SubmissionsRow } from '@insightra/contract';
import type { RawQuery } from '../../db/connection-dialect';

/** Sectors of the demo dataset behind the public charts. */
export type DemoSector = 'education' | 'automobile';

// Grade labels end in a number ('Grade 6', 'Semester 2'): order by it, so Grade 6 comes before Grade 10.
// Labels without a trailing number follow, alphabetically.
const NATURAL_GRADE_ORDER = `(substring(grade from '(\\d+)\\s*$'))::numeric NULLS LAST, grade`;

/** Students per grade of one sector, by gender. */
export async function gradesByGender(db: RawQuery, sector: DemoSector): Promise<GradesRow[]> {
  const { rows } = await db.query<GradesRow>(
    `SELECT grade,
            (count(*) FILTER (WHERE gender = 'Female'))::int AS female_count,
            (count(*) FILTER (WHERE gender = 'Male'))::int AS male_count
       FROM demo_students
      WHERE sector = $1
      GROUP BY grade
      ORDER BY ${NATURAL_GRADE_ORDER}`,
    [sector],
  );
  return rows;
}

/** Project submissions of one sector: always both rows, Yes first, even when a count is zero. */
export async function submissionsByStatus(db: RawQuery, sector: DemoSector): Promise<SubmissionsRow[]> {
  const { rows } = await db.query<SubmissionsRow>(
    `SELECT s.status, count(d.id)::int AS count
       FROM (VALUES ('Yes', true, 1), ('No', false, 2)) AS s (status, submitted, position)
       LEFT JOIN demo_students d ON d.project_submitted = s.submitted AND d.sector = $1
      GROUP BY s.status, s.position
      ORDER BY s.position`,
    [sector],
  );
  return rows;
}
