import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { trustCertificateAuthority } from '../../src/features/bi/powerbi/http';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { bearer, createUser, tokenFor } from '../helpers/factories';
import { powerBiApp } from '../helpers/powerbi/app';
import { PowerBiStandIn } from '../helpers/powerbi/stand-in';

let standIn: PowerBiStandIn;
// One database for every test's app (a fresh one costs seconds), as instances of the product share one;
// each test has members and reports of its own.
let db: TestDatabase;
const opened: App[] = [];
const answers: string[] = [];
const logs: string[][] = [];

beforeAll(async () => {
  [standIn, db] = await Promise.all([new PowerBiStandIn().start(), createTestDatabase()]);
  trustCertificateAuthority(standIn.ca);
});
afterAll(async () => {
  for (const app of opened) await app.close();
  await db.drop();
  await standIn.stop();
});

/** The whole app with BI_PROVIDER=powerbi against the stand-in, every log line kept, and a member whose organisation has two reports. */
async function setup(env: Record<string, string> = {}) {
  const { app, lines } = await powerBiApp(standIn, db.db, env, 'trace');
  opened.push(app);
  logs.push(lines);
  const admin = await createUser(db.db, { role: 'admin' });
  const member = await createUser(db.db);
  const pbiReport = standIn.addReport('Grades');
  await db.db.kysely
    .insertInto('reports')
    .values([
      {
        organisation_id: member.organisationId!,
        tier: 'Beta',
        report_type: 'Grades',
        report_uuid: pbiReport.id,
        created_by: admin.id,
      },
      {
        organisation_id: member.organisationId!,
        tier: 'Beta',
        report_type: 'Typed',
        report_uuid: standIn.addReport().id,
        created_by: member.id,
      },
    ])
    .execute();
  const auth = bearer(await tokenFor(app, member));
  const call = async (method: 'GET' | 'POST', url: string, withAuth = true) => {
    const res = await app.inject({ method, url, headers: withAuth ? auth : {} });
    answers.push(res.body);
    return res;
  };
  return { app, call, pbiReport };
}

describe('BI_PROVIDER=powerbi through HTTP', () => {
  it('serves health, embed tokens and refreshes from Power BI', async () => {
    const { call, pbiReport } = await setup();
    const health = await call('GET', '/api/powerbi/health', false);
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'healthy', provider: 'powerbi', database: 'ok', bi: 'ok' });

    const token = await call('GET', '/api/powerbi/get-powerbi-token?tier=Beta');
    expect(token.statusCode).toBe(200);
    const body = token.json();
    expect(body.accessToken).toBe(standIn.issuedEmbedTokens.at(-1)!.token);
    expect(
      body.reports.map((r: { report_type: string; available: boolean }) => [r.report_type, r.available]),
    ).toEqual([
      ['Grades', true],
      ['Typed', false],
    ]);
    expect(body.reports[0].embedUrl).toContain(pbiReport.id);

    const started = await call('POST', '/api/powerbi/api/refresh-powerbi');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ success: true, status: 'refreshing' });
    const id = started.json().refreshId;
    expect((await call('POST', '/api/powerbi/api/refresh-powerbi')).json()).toMatchObject({
      status: 'in_progress',
      currentRefreshId: id,
    });
    standIn.finishRefresh('Completed');
    expect((await call('GET', `/api/powerbi/api/refresh-status/${id}`)).json()).toMatchObject({
      status: 'completed',
      isComplete: true,
    });
    expect((await call('GET', '/api/powerbi/api/refresh-status/unknown-id')).statusCode).toBe(404);
    const queue = await call('GET', '/api/powerbi/api/refresh-queue');
    expect(queue.json().data.jobs[0]).toMatchObject({ refreshId: id, status: 'completed' });
  });

  it('turns wrong credentials into an unhealthy state and a clear message, never a 500', async () => {
    const { call } = await setup({ POWERBI_CLIENT_SECRET: 'wrong-secret-for-http-test' });
    const health = await call('GET', '/api/powerbi/health', false);
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unhealthy', provider: 'powerbi', bi: 'error' });
    const token = await call('GET', '/api/powerbi/get-powerbi-token?tier=Beta');
    expect(token.statusCode).toBe(502);
    expect(token.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Power BI sign-in failed: the application credentials were rejected/),
    });
    const refresh = await call('POST', '/api/powerbi/api/refresh-powerbi');
    expect(refresh.statusCode).toBe(502);
  });

  it('answers throttling with 503 and Retry-After, and a missing dataset with a clear 503', async () => {
    standIn.fail.groups = { status: 429, retryAfter: 120 };
    const { call } = await setup({ POWERBI_DATASET_ID: '' });
    const health = await call('GET', '/api/powerbi/health', false);
    expect(health.statusCode).toBe(503);
    delete standIn.fail.groups;
    const refresh = await call('POST', '/api/powerbi/api/refresh-powerbi');
    expect(refresh.statusCode).toBe(503);
    expect(refresh.json().message).toMatch(/POWERBI_DATASET_ID/);
    standIn.fail.generateToken = { status: 429, retryAfter: 120 };
    const token = await call('GET', '/api/powerbi/get-powerbi-token?tier=Beta');
    delete standIn.fail.generateToken;
    expect(token.statusCode).toBe(503);
    expect(token.headers['retry-after']).toBe('120');
  });

  it('never puts the client secret or an Entra access token in a response or a log line', () => {
    const lines = logs.flat();
    expect(lines.length).toBeGreaterThan(5);
    expect(answers.length).toBeGreaterThan(10);
    const secrets = [standIn.clientSecret, 'wrong-secret-for-http-test', ...standIn.issuedAccessTokens];
    expect(standIn.issuedAccessTokens.length).toBeGreaterThan(0);
    for (const text of [...answers, ...lines]) for (const s of secrets) expect(text).not.toContain(s);
  });
});
