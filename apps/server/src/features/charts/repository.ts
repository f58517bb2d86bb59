import type { GradesRow, SubmissionsRow } from '@insightra/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../db/client';

/** Sectors of the demo dataset behind the public charts. */
export type DemoSector = 'education' | 'automobile';

// Grade labels end in a number ('Grade 6', 'Semester 2'): order by it, so Grade 6 comes before Grade 10.
// Labels without a trailing number follow, alphabetically.
const NATURAL_GRADE_ORDER = sql`(substring(grade from '(\\d+)\\s*$'))::numeric NULLS LAST, grade`;

/** Students per grade of one sector, by gender. */
export async function gradesByGender(db: Queryable, sector: DemoSector): Promise<GradesRow[]> {
  return db.kysely
    .selectFrom('demo_students')
    .select([
      'grade',
      sql<number>`(count(*) FILTER (WHERE gender = 'Female'))::int`.as('female_count'),
      sql<number>`(count(*) FILTER (WHERE gender = 'Male'))::int`.as('male_count'),
    ])
    .where('sector', '=', sector)
    .groupBy('grade')
    .orderBy(NATURAL_GRADE_ORDER)
    .execute();
}

/**
 * Project submissions of one sector: always both rows, Yes first, even when a count is zero. SQL text
 * (docs/decisions/113-one-data-layer.md): the two statuses are a VALUES list, which the builder
 * cannot join from.
 */
export async function submissionsByStatus(db: Queryable, sector: DemoSector): Promise<SubmissionsRow[]> {
  const { rows } = await sql<SubmissionsRow>`SELECT s.status, count(d.id)::int AS count
       FROM (VALUES ('Yes', true, 1), ('No', false, 2)) AS s (status, submitted, position)
       LEFT JOIN demo_students d ON d.project_submitted = s.submitted AND d.sector = ${sector}
      GROUP BY s.status, s.position
      ORDER BY s.position`.execute(db.kysely);
  return rows;
}
