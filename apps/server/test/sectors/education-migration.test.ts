import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, REPORT_TEMPLATES } from '@insightra/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { migrate } from '../../src/db/migrate';
import { createDatabaseBefore } from '../helpers/database';
import { bearer, createReport, tokenFor } from '../helpers/factories';
import { refreshNow } from '../helpers/refresh';

/** A database with education data written before the sector tables existed, then migrated. */
const testDb = await createDatabaseBefore('0011');
const { db } = testDb;
// Written as the schema of then stored them: a member owned their sector and rows.
const { rows: made } = await db.query<{ id: number; username: string }>(
  `INSERT INTO users (username, email, full_name, sector_id, updated_date)
   VALUES ('edu_member', 'edu@example.com', 'Edu Member', 1, now()) RETURNING id, username`,
);
const user = { ...made[0]!, role: 'member' };
const oldUpload = async (rows: [string, string, string, boolean, number][]) => {
  const { rows: log } = await db.query<{ id: number }>(
    `INSERT INTO upload_logs (user_id, file_name, file_format, total_processed, total_accepted, success_rate)
     VALUES ($1, 'students.csv', 'csv', $2, $2, 100) RETURNING id`,
    [user.id, rows.length],
  );
  for (const [id, gender, grade, submitted, score] of rows) {
    await db.query(
      `INSERT INTO dataset_rows (upload_id, user_id, student_id, student_name, gender, grade, project_submitted, score)
       VALUES ($1, $2, $3, 'Student ' || $3, $4, $5, $6, $7)`,
      [log[0]!.id, user.id, id, gender, grade, submitted, score],
    );
  }
  return log[0]!.id;
};
const older = await oldUpload([
  ['S1', 'Female', 'Grade 1', true, 40],
  ['S2', 'Male', 'Grade 1', false, 50],
]);
const newer = await oldUpload([['S1', 'Female', 'Grade 2', true, 90]]);
expect(await migrate(db)).toEqual(expect.arrayContaining(['0011_sector_data', '0017_organisations']));

const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'insightra-data-')),
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
});
const app = await buildApp({ config, database: db, logger: false });
await app.ready();
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

describe('education data after the sector migration', () => {
  it('keeps its rows, reports, versions and purge', async () => {
    const session = bearer(await tokenFor(app, user));
    const overview = REPORT_TEMPLATES.find((t) => t.key === 'sector-overview')!.uuid;
    await createReport(db, user.id, { tier: 'Beta', report_uuid: overview });
    await refreshNow(app, session);
    const token = (
      await app.inject({ url: '/api/powerbi/get-powerbi-token?tier=Beta', headers: session })
    ).json();
    const res = (
      await app.inject({ url: `/api/embed/reports/${overview}`, headers: bearer(token.accessToken) })
    ).json();
    // S1 from the newer upload (score 90), S2 from the older one (score 50).
    expect(res).toMatchObject({ source: 'own', rowCount: 2 });
    expect(res.view.kpis.find((k: { key: string }) => k.key === 'students').value).toBe(2);
    expect(res.view.kpis.find((k: { key: string }) => k.key === 'average_score').value).toBe(70);

    // An education member with active uploads keeps the sector; purge still removes the rows.
    const change = await app.inject({
      method: 'PATCH',
      url: '/api/sectors/me',
      headers: session,
      payload: { sectorId: 6 },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe(MESSAGES.data.sectorLocked);
    const purge = await app.inject({
      method: 'DELETE',
      url: `/api/server/uploads/${newer}`,
      headers: session,
    });
    expect(purge.json()).toMatchObject({ deletedCount: 1 });
    await db.query('DELETE FROM upload_logs WHERE id = $1', [older]);
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM dataset_rows WHERE organisation_id = (SELECT default_organisation_id FROM users WHERE id = $1)',
      [user.id],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
