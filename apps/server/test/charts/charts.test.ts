import type { AutomobileData, GradesRow, SubmissionsRow } from '@insightra/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { CHART_CACHE_TTL_MS } from '../../src/features/charts/routes';
import { createTestApp } from '../helpers/app';

const { app, db } = await createTestApp();

async function get<T>(url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

interface DemoRow {
  sector: string;
  gender: 'Female' | 'Male';
  grade: string;
  project_submitted: boolean;
}

let nextName = 0;
/** Adds demo rows straight to the table; every row gets a fresh name. */
async function addRows(database: Database, rows: DemoRow[]): Promise<void> {
  for (const r of rows) {
    nextName += 1;
    await database.query(
      `INSERT INTO demo_students (sector, student_name, gender, grade, project_submitted, score, enrolled_on)
       VALUES ($1, $2, $3, $4, $5, 75.5, '2025-06-01')`,
      [r.sector, `Test Student ${nextName}`, r.gender, r.grade, r.project_submitted],
    );
  }
}

const rowsOf = (n: number, row: DemoRow): DemoRow[] => Array.from({ length: n }, () => ({ ...row }));

/** The same aggregation, done here in JavaScript over the table's rows. */
async function expectedFor(sector: string) {
  const { rows } = await db.query<DemoRow>(
    'SELECT sector, gender, grade, project_submitted FROM demo_students WHERE sector = $1',
    [sector],
  );
  const grades = new Map<string, { female: number; male: number }>();
  let yes = 0;
  for (const r of rows) {
    const g = grades.get(r.grade) ?? { female: 0, male: 0 };
    if (r.gender === 'Female') g.female += 1;
    else g.male += 1;
    grades.set(r.grade, g);
    if (r.project_submitted) yes += 1;
  }
  return { grades, yes, no: rows.length - yes, total: rows.length };
}

const gradeNumber = (label: string) => Number(/(\d+)\s*$/.exec(label)?.[1] ?? Number.POSITIVE_INFINITY);

beforeEach(() => {
  app.chartCache.clear();
});

describe('the seeded demo dataset', () => {
  it('answers /api/chart/grades with the seeded education students per grade, Grade 6 to Grade 12 in order', async () => {
    const body = await get<GradesRow[]>('/api/chart/grades');
    expect(body.map((r) => r.grade)).toEqual([
      'Grade 6',
      'Grade 7',
      'Grade 8',
      'Grade 9',
      'Grade 10',
      'Grade 11',
      'Grade 12',
    ]);
    // The seed is deterministic (hashint4, no random()): these are its figures on every database.
    expect(body[0]).toEqual({ grade: 'Grade 6', female_count: 216, male_count: 217 });
    expect(body.reduce((n, r) => n + r.female_count + r.male_count, 0)).toBe(2800);
    const expected = await expectedFor('education');
    for (const r of body) {
      expect({ female: r.female_count, male: r.male_count }).toEqual(expected.grades.get(r.grade));
    }
    expect(body).toHaveLength(expected.grades.size);
  });

  it('answers /api/chart/submissions with Yes then No, counted over the education students', async () => {
    const body = await get<SubmissionsRow[]>('/api/chart/submissions');
    const expected = await expectedFor('education');
    expect(body).toEqual([
      { status: 'Yes', count: expected.yes },
      { status: 'No', count: expected.no },
    ]);
    expect(expected.total).toBe(2800);
    // A realistic share of projects is in: between 70% and 90%.
    expect(expected.yes / expected.total).toBeGreaterThan(0.7);
    expect(expected.yes / expected.total).toBeLessThan(0.9);
  });

  it('answers /api/chart/automobile with the trainees per semester and by submission status', async () => {
    const body = await get<AutomobileData>('/api/chart/automobile');
    const expected = await expectedFor('automobile');
    expect(expected.total).toBe(1400);
    expect(body.barData.map((r) => r.grade)).toEqual([
      'Semester 1',
      'Semester 2',
      'Semester 3',
      'Semester 4',
    ]);
    for (const r of body.barData) {
      expect({ female: r.female, male: r.male }).toEqual(expected.grades.get(r.grade));
    }
    expect(body.donutData).toEqual([
      { status: 'Yes', count: expected.yes },
      { status: 'No', count: expected.no },
    ]);
  });

  it('needs no sign-in and ignores a stray query string', async () => {
    for (const url of ['/api/chart/grades?x=1', '/api/chart/submissions', '/api/chart/automobile']) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer nonsense' } });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe('answers follow the rows', () => {
  it('counts inserted education rows in the grades and submissions answers', async () => {
    const beforeGrades = await get<GradesRow[]>('/api/chart/grades');
    const beforeSubs = await get<SubmissionsRow[]>('/api/chart/submissions');
    const grade7 = beforeGrades.find((r) => r.grade === 'Grade 7');
    if (!grade7) throw new Error('Grade 7 missing from the seed');

    await addRows(db, [
      ...rowsOf(3, { sector: 'education', gender: 'Female', grade: 'Grade 7', project_submitted: true }),
      ...rowsOf(2, { sector: 'education', gender: 'Male', grade: 'Grade 7', project_submitted: false }),
      ...rowsOf(4, { sector: 'education', gender: 'Male', grade: 'Grade 13', project_submitted: true }),
      // Other sectors never count on the education charts.
      ...rowsOf(5, { sector: 'retail', gender: 'Female', grade: 'Grade 7', project_submitted: true }),
    ]);
    app.chartCache.clear();

    const grades = await get<GradesRow[]>('/api/chart/grades');
    expect(grades.find((r) => r.grade === 'Grade 7')).toEqual({
      grade: 'Grade 7',
      female_count: grade7.female_count + 3,
      male_count: grade7.male_count + 2,
    });
    // A new grade appears, in its natural place: after Grade 12.
    expect(grades.at(-1)).toEqual({ grade: 'Grade 13', female_count: 0, male_count: 4 });
    expect(grades).toHaveLength(beforeGrades.length + 1);

    const subs = await get<SubmissionsRow[]>('/api/chart/submissions');
    expect(subs).toEqual([
      { status: 'Yes', count: (beforeSubs[0]?.count ?? 0) + 7 },
      { status: 'No', count: (beforeSubs[1]?.count ?? 0) + 2 },
    ]);
  });

  it('counts inserted automobile rows, and only those, in the automobile answer', async () => {
    const before = await get<AutomobileData>('/api/chart/automobile');
    await addRows(db, [
      ...rowsOf(6, { sector: 'automobile', gender: 'Female', grade: 'Semester 2', project_submitted: false }),
      ...rowsOf(1, { sector: 'automobile', gender: 'Male', grade: 'Apprentice', project_submitted: true }),
      ...rowsOf(8, { sector: 'education', gender: 'Male', grade: 'Semester 2', project_submitted: true }),
    ]);
    app.chartCache.clear();

    const after = await get<AutomobileData>('/api/chart/automobile');
    const sem2Before = before.barData.find((r) => r.grade === 'Semester 2');
    expect(after.barData.find((r) => r.grade === 'Semester 2')).toEqual({
      grade: 'Semester 2',
      female: (sem2Before?.female ?? 0) + 6,
      male: sem2Before?.male,
    });
    // A label without a number sorts after the numbered ones.
    expect(after.barData.at(-1)).toEqual({ grade: 'Apprentice', female: 0, male: 1 });
    expect(after.donutData).toEqual([
      { status: 'Yes', count: (before.donutData[0]?.count ?? 0) + 1 },
      { status: 'No', count: (before.donutData[1]?.count ?? 0) + 6 },
    ]);
  });

  it('orders grades by their number, whatever order the rows came in', async () => {
    const grades = await get<GradesRow[]>('/api/chart/grades');
    const numbers = grades.map((r) => gradeNumber(r.grade));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });
});

describe('the brief cache', () => {
  afterEach(() => {
    app.chartCache.ttlMs = CHART_CACHE_TTL_MS;
  });

  it('serves a repeated question from memory for a few seconds, and fresh rows once cleared', async () => {
    expect(CHART_CACHE_TTL_MS).toBeGreaterThan(0);
    expect(CHART_CACHE_TTL_MS).toBeLessThanOrEqual(10_000);
    const first = await get<SubmissionsRow[]>('/api/chart/submissions');
    await addRows(db, [
      { sector: 'education', gender: 'Female', grade: 'Grade 8', project_submitted: false },
    ]);
    expect(await get<SubmissionsRow[]>('/api/chart/submissions')).toEqual(first);
    app.chartCache.clear();
    const fresh = await get<SubmissionsRow[]>('/api/chart/submissions');
    expect(fresh[1]?.count).toBe((first[1]?.count ?? 0) + 1);
  });

  it('queries every time when the time-to-live is 0', async () => {
    app.chartCache.ttlMs = 0;
    const first = await get<AutomobileData>('/api/chart/automobile');
    await addRows(db, [
      { sector: 'automobile', gender: 'Male', grade: 'Semester 1', project_submitted: true },
    ]);
    const second = await get<AutomobileData>('/api/chart/automobile');
    expect(second.donutData[0]?.count).toBe((first.donutData[0]?.count ?? 0) + 1);
  });
});

describe('an empty demo table', () => {
  it('gives no grade rows and zero counts for both statuses', async () => {
    await db.query('DELETE FROM demo_students');
    app.chartCache.clear();
    expect(await get<GradesRow[]>('/api/chart/grades')).toEqual([]);
    expect(await get<SubmissionsRow[]>('/api/chart/submissions')).toEqual([
      { status: 'Yes', count: 0 },
      { status: 'No', count: 0 },
    ]);
    expect(await get<AutomobileData>('/api/chart/automobile')).toEqual({
      barData: [],
      donutData: [
        { status: 'Yes', count: 0 },
        { status: 'No', count: 0 },
      ],
    });
  });
});
