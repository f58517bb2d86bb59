import { HEALTHCARE, REPORT_TEMPLATES, type ReportView, sectorOverview } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { seedUpload } from '../helpers/dataset';
import { bearer, createReport, createUser, tokenFor } from '../helpers/factories';
import { refreshNow } from '../helpers/refresh';

const { app, db } = await createTestApp();
const uuidOf = (key: string) => REPORT_TEMPLATES.find((t) => t.key === key)!.uuid;
const GRADES = uuidOf('grades-by-gender');
const SUBMISSIONS = uuidOf('project-submissions');

/** Runs a member's refresh to its end. */
const refreshFor = async (userId: number) => refreshNow(app, bearer(await tokenFor(app, { id: userId })));

async function embedToken(userId: number, tier: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/powerbi/get-powerbi-token?tier=${encodeURIComponent(tier)}`,
    headers: bearer(await tokenFor(app, { id: userId })),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const embedData = (uuid: string, token?: string) =>
  app.inject({ method: 'GET', url: `/api/embed/reports/${uuid}`, headers: token ? bearer(token) : {} });

type Chart = ReportView['charts'][number];
const chartOf = (view: ReportView, key: string) => view.charts.find((c) => c.key === key)!;
const kpi = (view: ReportView, key: string) => view.kpis.find((k) => k.key === key)!.value;
/** Students per grade and gender, from the `grades` chart (a gender with no student has no series). */
function gradeRows(view: ReportView) {
  const chart: Chart = chartOf(view, 'grades');
  const count = (values: (number | null)[], gender: string) =>
    values[chart.series.findIndex((s) => s.label === gender)] ?? 0;
  return chart.rows.map((r) => ({
    grade: r.label,
    female_count: count(r.values, 'Female'),
    male_count: count(r.values, 'Male'),
  }));
}
/** Students per submission status, from the `submissions` chart. */
function submissionRows(view: ReportView) {
  const rows = chartOf(view, 'submissions').rows;
  const count = (status: string) => rows.find((r) => r.label === status)?.values[0] ?? 0;
  return [
    { status: 'Yes', count: count('Yes') },
    { status: 'No', count: count('No') },
  ];
}

describe('embed token and report data', () => {
  it('gives a short-lived token for the tier’s reports, with frame URLs carrying no token', async () => {
    const user = await createUser(db);
    await createReport(db, user.id, { tier: 'Beta', report_type: 'Grades', report_uuid: GRADES });
    await createReport(db, user.id, { tier: 'Beta', report_type: 'Typo', report_uuid: 'not-a-template' });
    await createReport(db, user.id, { tier: 'Alpha', report_type: 'Subs', report_uuid: SUBMISSIONS });
    const body = await embedToken(user.id, 'Beta');
    expect(body).toMatchObject({
      success: true,
      tier: 'Beta',
      provider: 'builtin',
      embedMode: 'embed-token',
    });
    expect(body.reports).toEqual([
      expect.objectContaining({ report_type: 'Grades', embedUrl: `/embed/${GRADES}`, available: true }),
      expect.objectContaining({ report_type: 'Typo', embedUrl: '/embed/not-a-template', available: false }),
    ]);
    const ttl = Date.parse(body.expiration) - Date.now();
    expect(ttl).toBeGreaterThan(20 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);
    // The session cannot be used as an embed token, nor the embed token as a session.
    const session = await tokenFor(app, user);
    expect((await embedData(GRADES, session)).statusCode).toBe(401);
    const asSession = await app.inject({
      method: 'GET',
      url: '/api/reports',
      headers: bearer(body.accessToken),
    });
    expect(asSession.statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/powerbi/get-powerbi-token?tier=Gamma',
          headers: bearer(session),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: '/api/powerbi/get-powerbi-token?tier=Beta' })).statusCode,
    ).toBe(401);
  });

  it('draws the member’s own refreshed data, and only after a refresh', async () => {
    const user = await createUser(db);
    await createReport(db, user.id, { tier: 'Beta', report_uuid: GRADES });
    await createReport(db, user.id, { tier: 'Beta', report_uuid: SUBMISSIONS });
    await seedUpload(db, user.id, [
      { student_id: '1', gender: 'Female', grade: 'A', project_submitted: true, score: 91 },
      { student_id: '2', gender: 'Male', grade: 'A', project_submitted: false, score: 40 },
      { student_id: '3', gender: 'Female', grade: 'B', project_submitted: true },
    ]);
    const { accessToken } = await embedToken(user.id, 'Beta');
    const before = (await embedData(GRADES, accessToken)).json();
    expect(before).toMatchObject({
      refreshedAt: null,
      rowCount: 0,
      report: { template: 'grades-by-gender' },
    });
    expect(chartOf(before.view, 'grades').rows).toEqual([]);

    await refreshFor(user.id);
    const after = (await embedData(GRADES, accessToken)).json();
    expect(after.rowCount).toBe(3);
    expect(gradeRows(after.view)).toEqual([
      { grade: 'A', female_count: 1, male_count: 1 },
      { grade: 'B', female_count: 1, male_count: 0 },
    ]);
    const subs = (await embedData(SUBMISSIONS, accessToken)).json();
    expect(submissionRows(subs.view)).toEqual([
      { status: 'Yes', count: 2 },
      { status: 'No', count: 1 },
    ]);
  });

  it('scopes the token: a Beta token cannot read an Alpha report, nor another user’s data', async () => {
    const alice = await createUser(db);
    const bob = await createUser(db);
    await createReport(db, alice.id, { tier: 'Beta', report_uuid: GRADES });
    await createReport(db, alice.id, { tier: 'Alpha', report_uuid: SUBMISSIONS });
    await createReport(db, bob.id, { tier: 'Beta', report_uuid: GRADES });
    await seedUpload(db, bob.id, [{ student_id: 'b1', gender: 'Male', grade: 'Z', project_submitted: true }]);
    await seedUpload(db, alice.id, [
      { student_id: 'a1', gender: 'Female', grade: 'Y', project_submitted: true },
    ]);
    await refreshFor(bob.id);
    await refreshFor(alice.id);

    const beta = (await embedToken(alice.id, 'Beta')).accessToken;
    const denied = await embedData(SUBMISSIONS, beta);
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toEqual({ success: false, message: 'Report not available' });
    const alpha = (await embedToken(alice.id, 'Alpha')).accessToken;
    expect((await embedData(SUBMISSIONS, alpha)).statusCode).toBe(200);
    expect((await embedData(GRADES, alpha)).statusCode).toBe(404);

    // Same template, each token sees only its own user's rows.
    expect(gradeRows((await embedData(GRADES, beta)).json().view)).toEqual([
      { grade: 'Y', female_count: 1, male_count: 0 },
    ]);
    const bobToken = (await embedToken(bob.id, 'Beta')).accessToken;
    expect(gradeRows((await embedData(GRADES, bobToken)).json().view)).toEqual([
      { grade: 'Z', female_count: 0, male_count: 1 },
    ]);
  });

  it('says report not found for an unknown UUID, and 401 without or with a forged token', async () => {
    const user = await createUser(db);
    const { accessToken } = await embedToken(user.id, 'Beta');
    const unknown = await embedData('00000000-0000-0000-0000-000000000000', accessToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Report not found');
    expect((await embedData(GRADES)).statusCode).toBe(401);
    const forged = `${accessToken.slice(0, -4)}abcd`;
    expect((await embedData(GRADES, forged)).statusCode).toBe(401);
  });

  it("gives sector pages a token for that sector's overview, and a configured report when set", async () => {
    const user = await createUser(db);
    const session = bearer(await tokenFor(app, user));
    const res = await app.inject({
      method: 'GET',
      url: '/api/powerbi/sector-token/healthcare',
      headers: session,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().reports).toEqual([
      expect.objectContaining({
        report_uuid: sectorOverview(HEALTHCARE).uuid,
        report_type: 'Healthcare Overview',
        available: true,
      }),
    ]);
    // An Education member on the Healthcare page: Healthcare's overview over its demo dataset.
    const data = (await embedData(sectorOverview(HEALTHCARE).uuid, res.json().accessToken)).json();
    expect(data).toMatchObject({ source: 'demo', report: { sector: 'Healthcare' } });
    expect(data).not.toHaveProperty('data');
    expect(data.view.kpis[0]).toMatchObject({ key: 'visits', value: 3000 });
    expect((await embedData(GRADES, res.json().accessToken)).statusCode).toBe(404);

    await db.query("INSERT INTO app_settings (key, value) VALUES ('sector_report_uuid:retail', $1)", [
      GRADES,
    ]);
    const retail = await app.inject({
      method: 'GET',
      url: '/api/powerbi/sector-token/retail',
      headers: session,
    });
    expect(retail.json().reports[0].report_uuid).toBe(GRADES);
    expect(
      (await app.inject({ method: 'GET', url: '/api/powerbi/sector-token/mars', headers: session }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/powerbi/sector-token/retail' })).statusCode).toBe(
      401,
    );
  });
});

describe('current rows', () => {
  it('uses, per student, the row of the newest active upload; purged uploads drop out', async () => {
    const user = await createUser(db);
    await createReport(db, user.id, { tier: 'Beta', report_uuid: uuidOf('sector-overview') });
    await seedUpload(db, user.id, [
      { student_id: '1', gender: 'Female', grade: 'A', project_submitted: false, score: 10 },
      { student_id: '2', gender: 'Male', grade: 'A', project_submitted: false, score: 20 },
    ]);
    await seedUpload(db, user.id, [
      {
        student_id: '1',
        gender: 'Female',
        grade: 'B',
        project_submitted: true,
        score: 90,
        enrolled_on: '2025-03-04',
      },
    ]);
    const purged = await seedUpload(
      db,
      user.id,
      [{ student_id: '2', gender: 'Male', grade: 'C', project_submitted: true, score: 100 }],
      { status: 0 },
    );
    expect(purged).toBeGreaterThan(0);
    await refreshFor(user.id);
    const { accessToken } = await embedToken(user.id, 'Beta');
    const overview = (await embedData(uuidOf('sector-overview'), accessToken)).json();
    expect(overview.rowCount).toBe(2);
    const view: ReportView = overview.view;
    expect(kpi(view, 'students')).toBe(2);
    // One female and one male student, one submitted project.
    expect(kpi(view, 'female_share')).toBe(0.5);
    expect(kpi(view, 'submission_rate')).toBe(0.5);
    expect(kpi(view, 'average_score')).toBe(55);
    expect(gradeRows(view)).toEqual([
      { grade: 'A', female_count: 0, male_count: 1 },
      { grade: 'B', female_count: 1, male_count: 0 },
    ]);
    await createReport(db, user.id, { tier: 'Beta', report_uuid: uuidOf('score-distribution') });
    await createReport(db, user.id, { tier: 'Beta', report_uuid: uuidOf('enrolment-trend') });
    const token2 = (await embedToken(user.id, 'Beta')).accessToken;
    const scores: ReportView = (await embedData(uuidOf('score-distribution'), token2)).json().view;
    expect(chartOf(scores, 'bands').rows[2]).toEqual({ label: '20-29', values: [1] });
    expect(chartOf(scores, 'bands').rows[9]).toEqual({ label: '90-100', values: [1] });
    expect(kpi(scores, 'scored')).toBe(2);
    const trend: ReportView = (await embedData(uuidOf('enrolment-trend'), token2)).json().view;
    expect(chartOf(trend, 'enrolments').rows).toEqual([{ label: '2025-03', values: [1] }]);
  });
});
