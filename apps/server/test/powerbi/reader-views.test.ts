import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { createTestDatabase } from '../helpers/database';
import { seedUpload } from '../helpers/dataset';
import { createUser } from '../helpers/factories';

/** Each other sector's row columns (migration 0011), as its two reader views show them (0017). */
const SECTOR_COLUMNS: Record<string, string[]> = {
  automobile: ['sale_date', 'dealer', 'model', 'variant', 'fuel_type', 'units', 'revenue'],
  real_estate: [
    'listing_id',
    'city',
    'locality',
    'property_type',
    'listed_on',
    'sold_on',
    'list_price',
    'sale_price',
  ],
  healthcare: ['visit_id', 'visit_date', 'department', 'age_band', 'gender', 'length_of_stay', 'readmitted'],
  retail: ['date', 'store', 'category', 'units', 'revenue', 'footfall'],
  hotels: ['date', 'property', 'rooms_available', 'rooms_sold', 'room_revenue'],
};
const SECTOR_VIEWS = Object.fromEntries(
  Object.entries(SECTOR_COLUMNS).flatMap(([sector, cols]) => [
    [`powerbi_${sector}_rows`, ['upload_id', 'organisation_id', ...cols]],
    [`powerbi_${sector}_current_rows`, ['upload_id', 'organisation_id', ...cols]],
  ]),
);

/** The views of migration 0017 that docs/POWERBI.md grants the model's reader role, and only those. */
const VIEWS = [
  'powerbi_current_rows',
  'powerbi_dataset_rows',
  'powerbi_organisations',
  'powerbi_sectors',
  'powerbi_uploads',
  ...Object.keys(SECTOR_VIEWS),
].sort();

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop();
});

const student = (id: string, grade: string, score: number) => ({
  student_id: id,
  gender: 'Female' as const,
  grade,
  project_submitted: true,
  score,
});

describe('the Power BI reader views', () => {
  it('expose no password hash, e-mail, Google subject or other personal column', async () => {
    const { rows } = await db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name LIKE 'powerbi\\_%'
        ORDER BY table_name, ordinal_position`,
    );
    const columns: Record<string, string[]> = {};
    for (const r of rows) columns[r.table_name] = [...(columns[r.table_name] ?? []), r.column_name];
    expect(Object.keys(columns).sort()).toEqual(VIEWS);
    const rowColumns = [
      'upload_id',
      'organisation_id',
      'student_id',
      'student_name',
      'gender',
      'grade',
      'project_submitted',
      'score',
      'enrolled_on',
    ];
    expect(columns).toEqual({
      powerbi_current_rows: rowColumns,
      powerbi_dataset_rows: rowColumns,
      powerbi_organisations: ['organisation_id', 'name', 'sector_id'],
      powerbi_sectors: ['sector_id', 'name', 'slug'],
      powerbi_uploads: [
        'upload_id',
        'organisation_id',
        'uploaded_by',
        'file_name',
        'file_format',
        'total_processed',
        'total_accepted',
        'total_failed',
        'success_rate',
        'uploaded_at',
      ],
      ...SECTOR_VIEWS,
    });
    const sensitive =
      /password|email|google|mobile|location|region|permissions|providers|stored_file|_file_id/;
    for (const r of rows) expect(r.column_name).not.toMatch(sensitive);
  });

  it("show no deleted upload's rows, and each organisation's current row per student", async () => {
    const member = await createUser(db);
    const older = await seedUpload(db, member.id, [student('s1', 'A', 90), student('s2', 'B', 70)]);
    const newer = await seedUpload(db, member.id, [student('s1', 'B', 80)]);
    // Deleted uploads: one whose rows are already gone (as a purge leaves it), one with rows left.
    const purged = await seedUpload(db, member.id, [], { status: 0 });
    const deleted = await seedUpload(db, member.id, [student('s1', 'C', 10), student('s9', 'C', 10)], {
      status: 0,
    });

    const uploads = await db.query<{ upload_id: number }>(
      'SELECT upload_id FROM powerbi_uploads WHERE organisation_id = $1 ORDER BY upload_id',
      [member.organisationId],
    );
    expect(uploads.rows.map((r) => r.upload_id)).toEqual([older, newer]);
    const all = await db.query<{ upload_id: number; student_id: string }>(
      'SELECT upload_id, student_id FROM powerbi_dataset_rows WHERE organisation_id = $1 ORDER BY upload_id, student_id',
      [member.organisationId],
    );
    expect(all.rows).toEqual([
      { upload_id: older, student_id: 's1' },
      { upload_id: older, student_id: 's2' },
      { upload_id: newer, student_id: 's1' },
    ]);
    for (const id of [purged, deleted]) expect(all.rows.some((r) => r.upload_id === id)).toBe(false);
    const current = await db.query<{ upload_id: number; student_id: string; grade: string }>(
      'SELECT upload_id, student_id, grade FROM powerbi_current_rows WHERE organisation_id = $1 ORDER BY student_id',
      [member.organisationId],
    );
    expect(current.rows).toEqual([
      { upload_id: newer, student_id: 's1', grade: 'B' },
      { upload_id: older, student_id: 's2', grade: 'B' },
    ]);
  });

  it("are all a reader role granted as docs/POWERBI.md shows can read, and the tables' other columns are not", async () => {
    const role = `powerbi_reader_${randomBytes(4).toString('hex')}`;
    await db.exec(`CREATE ROLE ${role} NOLOGIN`);
    try {
      await db.exec(`GRANT USAGE ON SCHEMA ${await schema()} TO ${role};
        GRANT SELECT ON ${VIEWS.join(', ')} TO ${role};`);
      const asReader = (sql: string) =>
        db.transaction(async (tx) => {
          await tx.query(`SET LOCAL ROLE ${role}`);
          return tx.query(sql);
        });
      for (const view of VIEWS) await expect(asReader(`SELECT * FROM ${view} LIMIT 1`)).resolves.toBeTruthy();
      for (const table of [
        'users',
        'upload_logs',
        'dataset_rows',
        'hotels_rows',
        'stored_file_chunks',
        'app_settings',
      ]) {
        await expect(asReader(`SELECT * FROM ${table} LIMIT 1`)).rejects.toThrow(/permission denied/);
      }
    } finally {
      await db.exec(`DROP OWNED BY ${role}; DROP ROLE ${role};`);
    }
  });
});

async function schema(): Promise<string> {
  const { rows } = await db.query<{ s: string }>('SELECT current_schema() AS s');
  return rows[0]!.s;
}
