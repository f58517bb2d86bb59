import { HOTELS, type ReportView } from '@insightra/contract';
import { describe, expect, it, vi } from 'vitest';
import { lockOrganisation } from '../../src/features/bi/builtin/refresh-jobs-repository';
import { ANALYZE_AFTER_ROWS } from '../../src/features/bi/builtin/table-statistics-repository';
import { createTestApp } from '../helpers/app';
import { seedUpload } from '../helpers/dataset';
import { bearer, createReport, createUser, tokenFor } from '../helpers/factories';
import { injectUpload } from '../helpers/multipart';
import { refreshNow } from '../helpers/refresh';
import { headerOf, sectorCsv, sectorIdOf } from '../helpers/sector-rows';

// The upload's worker threads run the build, as in the product (helpers/built-workers.ts).
vi.mock('../../src/lib/worker', () => import('../helpers/built-workers'));

/**
 * Each upload is published with the summary of its rows, and a refresh adds summaries up instead of
 * reading every row again (docs/decisions/122-upload-summaries.md).
 */
const { app, db } = await createTestApp();

async function signedIn(sectorId?: number) {
  const user = await createUser(db, sectorId === undefined ? {} : { sectorId });
  return { user, session: bearer(await tokenFor(app, user)) };
}

async function refresh(session: Record<string, string>) {
  expect(await refreshNow(app, session)).toBe('completed');
}

async function report(session: Record<string, string>, uuid: string) {
  const token = await app.inject({ url: '/api/powerbi/get-powerbi-token?tier=Alpha%2B', headers: session });
  const res = await app.inject({
    url: `/api/embed/reports/${uuid}`,
    headers: bearer(token.json().accessToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rowCount: number; view: ReportView };
}

const kpis = (v: ReportView) => Object.fromEntries(v.kpis.map((k) => [k.key, k.value]));

async function hotelMember() {
  const m = await signedIn(sectorIdOf(HOTELS));
  const overview = HOTELS.reports[0]!;
  await createReport(db, m.user.id, {
    tier: 'Alpha+',
    report_type: overview.name,
    report_uuid: overview.uuid,
  });
  const upload = async (rows: string[][]) => {
    const res = await injectUpload(app, m.session, 'nights.csv', sectorCsv(headerOf(HOTELS), rows));
    expect(res.json()).toMatchObject({ totalRecordsFailed: 0 });
    return res.json().uploadId as number;
  };
  const figures = async () => {
    await refresh(m.session);
    const r = await report(m.session, overview.uuid);
    return { rowCount: r.rowCount, ...kpis(r.view) };
  };
  return { ...m, upload, figures };
}

const storedSummary = async (uploadId: number) =>
  (await db.query<{ plan: string }>('SELECT plan FROM upload_summaries WHERE upload_id = $1', [uploadId]))
    .rows[0];

describe('upload summaries', () => {
  it("publishes an upload with its rows' summary, which a refresh reads instead of the rows", async () => {
    const m = await hotelMember();
    const id = await m.upload([
      ['2025-01-01', 'H1', '100', '80', '400000'],
      ['2025-01-01', 'H2', '100', '50', '250000'],
    ]);
    expect(await storedSummary(id)).toBeDefined();
    // A published upload's rows never change; were they to, the refresh would still add up the summary.
    await db.query('UPDATE hotels_rows SET room_revenue = 0 WHERE upload_id = $1', [id]);
    expect(await m.figures()).toMatchObject({ rowCount: 2, room_revenue: 650_000, occupancy: 0.65 });
  });

  it('adds the newest summary to the older uploads’ current rows, with sums kept exact', async () => {
    const m = await hotelMember();
    await m.upload([
      ['2025-01-01', 'H1', '10', '5', '100.10'],
      ['2025-01-02', 'H1', '10', '5', '999.99'],
    ]);
    // Replaces 2025-01-02's night; 2025-01-01's stays current.
    await m.upload([
      ['2025-01-02', 'H1', '10', '10', '200.20'],
      ['2025-01-03', 'H1', '10', '0', '0'],
    ]);
    expect(await m.figures()).toMatchObject({ rowCount: 3, room_revenue: 300.3, occupancy: 0.5 });
  });

  it('drops a purged upload’s summary, and the rows it replaced count again', async () => {
    const m = await hotelMember();
    await m.upload([['2025-01-01', 'H1', '10', '5', '500']]);
    const newer = await m.upload([['2025-01-01', 'H1', '10', '10', '900']]);
    expect(await m.figures()).toMatchObject({ rowCount: 1, room_revenue: 900 });
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/server/uploads/${newer}`,
      headers: m.session,
    });
    expect(res.json()).toMatchObject({ deletedCount: 1 });
    expect(await storedSummary(newer)).toBeUndefined();
    expect(await m.figures()).toMatchObject({ rowCount: 1, room_revenue: 500 });
  });

  it('keeps the last refresh’s figures after the one upload they came from is purged, until the next refresh', async () => {
    const m = await hotelMember();
    const id = await m.upload([
      ['2025-01-01', 'H1', '10', '5', '500'],
      ['2025-01-02', 'H1', '10', '10', '900'],
    ]);
    // One active upload: the reports read its stored summary in place.
    expect(await m.figures()).toMatchObject({ rowCount: 2, room_revenue: 1400 });
    const res = await app.inject({ method: 'DELETE', url: `/api/server/uploads/${id}`, headers: m.session });
    expect(res.json()).toMatchObject({ deletedCount: 1 });
    const before = await report(m.session, HOTELS.reports[0]!.uuid);
    expect({ rowCount: before.rowCount, ...kpis(before.view) }).toMatchObject({
      rowCount: 2,
      room_revenue: 1400,
    });
    expect(await m.figures()).toMatchObject({ rowCount: 0 });
  });

  it('purges the upload a refresh under way is pointing at once that refresh has committed', async () => {
    const m = await hotelMember();
    const organisationId = m.user.organisationId!;
    await m.upload([['2025-01-01', 'H1', '10', '5', '500']]);
    const newer = await m.upload([['2025-01-02', 'H1', '10', '10', '900']]);
    expect(await m.figures()).toMatchObject({ rowCount: 2 });
    // A refresh in another transaction holds the organisation's lock and points the reports at `newer`.
    let commit: () => void = () => {};
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let pointed: () => void = () => {};
    const isPointing = new Promise<void>((resolve) => {
      pointed = resolve;
    });
    const refreshing = db.transaction(async (tx) => {
      await lockOrganisation(tx, organisationId);
      await tx.query(
        'UPDATE report_refresh_state SET summary_upload_id = $1, summary_sector = $2 WHERE organisation_id = $3',
        [newer, HOTELS.industry, organisationId],
      );
      pointed();
      await committing;
    });
    await isPointing;
    const purge = app.inject({ method: 'DELETE', url: `/api/server/uploads/${newer}`, headers: m.session });
    await new Promise((resolve) => setTimeout(resolve, 200));
    commit();
    await refreshing;
    const res = await purge;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ deletedCount: 1 });
    expect(await m.figures()).toMatchObject({ rowCount: 1, room_revenue: 500 });
  });

  it('summarises an upload stored without a summary at its first refresh, and keeps it', async () => {
    const m = await signedIn();
    const id = await seedUpload(db, m.user.id, [
      { student_id: 'S1', gender: 'Female', grade: 'Grade 1', project_submitted: true, score: 40 },
      { student_id: 'S2', gender: 'Male', grade: 'Grade 2', project_submitted: false, score: 80 },
    ]);
    expect(await storedSummary(id)).toBeUndefined();
    await refresh(m.session);
    expect(await storedSummary(id)).toBeDefined();
    const state = await db.query<{ row_count: number }>(
      'SELECT row_count FROM report_refresh_state WHERE organisation_id = (SELECT default_organisation_id FROM users WHERE id = $1)',
      [m.user.id],
    );
    expect(Number(state.rows[0]!.row_count)).toBe(2);
  });

  it('renews the planner’s statistics of a large upload’s table after publishing it, in the background', async () => {
    const m = await hotelMember();
    const rows: string[][] = [];
    for (let i = 0; i < ANALYZE_AFTER_ROWS; i++) {
      const day = new Date(Date.UTC(2020, 0, 1 + Math.floor(i / 100))).toISOString().slice(0, 10);
      rows.push([day, `P${i % 100}`, '10', '5', '1000']);
    }
    const tuples = async () =>
      Number(
        (
          await db.query<{ n: number }>(
            "SELECT reltuples AS n FROM pg_class WHERE oid = 'hotels_rows'::regclass",
          )
        ).rows[0]!.n,
      );
    expect(await tuples()).toBeLessThan(ANALYZE_AFTER_ROWS);
    await m.upload(rows);
    await vi.waitFor(async () => expect(await tuples()).toBeGreaterThanOrEqual(ANALYZE_AFTER_ROWS), {
      timeout: 10_000,
    });
    expect(await m.figures()).toMatchObject({ rowCount: ANALYZE_AFTER_ROWS, occupancy: 0.5 });
  });

  it('makes a summary again from the rows when another version of the reports made it', async () => {
    const m = await hotelMember();
    const id = await m.upload([['2025-01-01', 'H1', '100', '80', '400000']]);
    const { plan } = (await storedSummary(id))!;
    await db.query("UPDATE upload_summaries SET plan = 'older reports', rows = '[]' WHERE upload_id = $1", [
      id,
    ]);
    expect(await m.figures()).toMatchObject({ rowCount: 1, room_revenue: 400_000, occupancy: 0.8 });
    expect(await storedSummary(id)).toEqual({ plan });
  });
});
