import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { MESSAGES, REPORT_TEMPLATES } from '@insightra/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { fromPglite } from '../../src/db/client';
import { migrate, readMigrations } from '../../src/db/migrate';
import { createPostgresSchema, testDatabaseKind } from '../helpers/database';
import { seedUpload } from '../helpers/dataset';
import { bearer, createReport, createUser, tokenFor } from '../helpers/factories';
import { refreshNow } from '../helpers/refresh';

/** A database with education data written before the sector tables existed, then migrated. */
const before = readMigrations().filter((m) => m.version < '0011');
const testDb =
  testDatabaseKind === 'postgres'
    ? await createPostgresSchema(before)
    : await (async () => {
        const db = fromPglite(await PGlite.create());
        await migrate(db, before);
        return { db, drop: () => db.close() };
      })();
const { db } = testDb;
const user = await createUser(db);
const older = await seedUpload(db, user.id, [
  { student_id: 'S1', gender: 'Female', grade: 'Grade 1', project_submitted: true, score: 40 },
  { student_id: 'S2', gender: 'Male', grade: 'Grade 1', project_submitted: false, score: 50 },
]);
const newer = await seedUpload(db, user.id, [
  { student_id: 'S1', gender: 'Female', grade: 'Grade 2', project_submitted: true, score: 90 },
]);
expect(await migrate(db)).toContain('0011_sector_data');

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
      'SELECT count(*)::int AS n FROM dataset_rows WHERE user_id = $1',
      [user.id],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
