import type { Database } from '../../db/client';

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

interface Row {
  sector: string;
  grade: string;
  female: number;
  male: number;
  submitted: number;
  score_sum: string | null;
  scored: number;
}

/** Per sector and grade (in natural order: Grade 6 before Grade 10), the figures the report shows. */
export async function loadDemoFigures(db: Database): Promise<SectorFigures[]> {
  const { rows } = await db.query<Row>(
    `SELECT sector, grade,
            (count(*) FILTER (WHERE gender = 'Female'))::int AS female,
            (count(*) FILTER (WHERE gender = 'Male'))::int AS male,
            (count(*) FILTER (WHERE project_submitted))::int AS submitted,
            sum(score)::text AS score_sum,
            count(score)::int AS scored
       FROM demo_students
      GROUP BY sector, grade
      ORDER BY sector, (substring(grade from '(\\d+)\\s*$'))::numeric NULLS LAST, grade`,
  );
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
