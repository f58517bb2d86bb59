import { sql } from 'kysely';
import type { Queryable } from '../../db/client';

export interface GradeFigures {
  grade: string;
  female: number;
  male: number;
  submitted: number;
  /** Mean score of the grade's scored students, or null when none has a score. */
  averageScore: number | null;
}

export interface SectorFigures {
  sector: string;
  grades: GradeFigures[];
  total: number;
  female: number;
  male: number;
  submitted: number;
  averageScore: number | null;
}

/** Per sector and grade (in natural order: Grade 6 before Grade 10), the figures the report shows. */
export async function loadDemoFigures(db: Queryable): Promise<SectorFigures[]> {
  const rows = await db.kysely
    .selectFrom('demo_students')
    .select([
      'sector',
      'grade',
      sql<number>`(count(*) FILTER (WHERE gender = 'Female'))::int`.as('female'),
      sql<number>`(count(*) FILTER (WHERE gender = 'Male'))::int`.as('male'),
      sql<number>`(count(*) FILTER (WHERE project_submitted))::int`.as('submitted'),
      sql<string | null>`sum(score)::text`.as('score_sum'),
      sql<number>`count(score)::int`.as('scored'),
    ])
    .groupBy(['sector', 'grade'])
    .orderBy('sector')
    .orderBy(sql`(substring(grade from '(\\d+)\\s*$'))::numeric NULLS LAST, grade`)
    .execute();
  const bySector = new Map<string, { grades: GradeFigures[]; scoreSum: number; scored: number }>();
  for (const r of rows) {
    const entry = bySector.get(r.sector) ?? { grades: [], scoreSum: 0, scored: 0 };
    const sum = r.score_sum === null ? 0 : Number(r.score_sum);
    entry.grades.push({
      grade: r.grade,
      female: r.female,
      male: r.male,
      submitted: r.submitted,
      averageScore: r.scored ? sum / r.scored : null,
    });
    entry.scoreSum += sum;
    entry.scored += r.scored;
    bySector.set(r.sector, entry);
  }
  return [...bySector.entries()].map(([sector, e]) => {
    const sumOf = (k: 'female' | 'male' | 'submitted') => e.grades.reduce((n, g) => n + g[k], 0);
    const female = sumOf('female');
    const male = sumOf('male');
    return {
      sector,
      grades: e.grades,
      total: female + male,
      female,
      male,
      submitted: sumOf('submitted'),
      averageScore: e.scored ? e.scoreSum / e.scored : null,
    };
  });
}
