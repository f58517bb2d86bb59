import type { Report } from '@insightra/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PowerBiError } from '../../src/features/bi/powerbi/errors';
import type { ReportViewer } from '../../src/features/bi/provider';
import { createUser, type TestUser } from '../helpers/factories';
import { providerFor, standInWithDatabase } from '../helpers/powerbi/setup';

const pbi = standInWithDatabase();
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser(pbi.db, { role: 'admin' });
});
beforeEach(() => {
  for (const key of Object.keys(pbi.standIn.fail))
    delete pbi.standIn.fail[key as keyof typeof pbi.standIn.fail];
  pbi.standIn.workspaceAccess = true;
  pbi.standIn.busyStatus = 400;
});

/** A member of their own organisation asking for its reports' embed token. */
const viewer = (user: TestUser): ReportViewer => ({
  organisationId: user.organisationId!,
  admin: user.role === 'admin',
});

/** A report tab of the user's own organisation, added by `createdBy`. */
async function addReport(owner: TestUser, uuid: string, createdBy: number | null): Promise<Report> {
  return pbi.db.kysely
    .insertInto('reports')
    .values({
      organisation_id: owner.organisationId!,
      tier: 'Beta',
      report_type: `Tab ${uuid.slice(0, 4)}`,
      report_uuid: uuid,
      created_by: createdBy,
    })
    .returning(['id', 'tier', 'report_type', 'report_uuid'])
    .executeTakeFirstOrThrow();
}

async function expectFailure(promise: Promise<unknown>, status: number, message: RegExp) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PowerBiError);
  expect((err as PowerBiError).statusCode).toBe(status);
  expect((err as PowerBiError).message).toMatch(message);
}

describe('embed tokens', () => {
  it('generates one multi-resource token for the reports an administrator made available, and no others', async () => {
    const member = await createUser(pbi.db);
    const a = pbi.standIn.addReport('Grades');
    const b = pbi.standIn.addReport('Submissions');
    const adminsOwn = pbi.standIn.addReport("An administrator's own");
    const typedByMember = pbi.standIn.addReport('Someone else');
    const granted = [await addReport(member, a.id, admin.id), await addReport(member, b.id, admin.id)];
    await addReport(admin, adminsOwn.id, admin.id);
    const typedAdminsOwn = await addReport(member, adminsOwn.id, member.id);
    const own = await addReport(member, typedByMember.id, member.id);
    const unknownInPowerBi = await addReport(member, crypto.randomUUID(), admin.id);
    const notAGuid = await addReport(member, 'not-a-guid', admin.id);
    const { provider } = providerFor(pbi.standIn, pbi.db);

    const before = pbi.standIn.issuedEmbedTokens.length;
    const res = await provider.embedToken(viewer(member), 'Beta', [
      ...granted,
      typedAdminsOwn,
      own,
      unknownInPowerBi,
      notAGuid,
    ]);

    expect(pbi.standIn.issuedEmbedTokens.length).toBe(before + 1);
    const issued = pbi.standIn.issuedEmbedTokens.at(-1)!;
    expect(res).toMatchObject({ success: true, provider: 'powerbi', embedMode: 'embed-token', tier: 'Beta' });
    expect(res.accessToken).toBe(issued.token);
    expect(res.tokenId).toBe(issued.tokenId);
    expect(Date.parse(res.expiration!)).toBeGreaterThan(Date.now());
    expect(issued.body).toEqual({
      reports: [a.id, b.id].map((id) => ({ id, allowEdit: false })),
      datasets: [{ id: pbi.standIn.datasetId, xmlaPermissions: 'Off' }],
      lifetimeInMinutes: 60,
    });
    const byUuid = Object.fromEntries(res.reports.map((r) => [r.report_uuid, r]));
    expect(byUuid[a.id]).toMatchObject({ available: true, datasetId: pbi.standIn.datasetId });
    expect(byUuid[a.id]!.embedUrl).toContain(`reportId=${a.id}`);
    for (const r of [typedAdminsOwn, own, unknownInPowerBi, notAGuid]) {
      expect(byUuid[r.report_uuid]).toMatchObject({ available: false, embedUrl: '' });
    }
    // The ids the member typed in themselves were never even looked up.
    const reportsPath = `/v1.0/myorg/groups/${pbi.standIn.workspaceId}/reports/`;
    for (const id of [typedByMember.id, adminsOwn.id]) {
      expect(pbi.standIn.callsTo(`${reportsPath}${id}`)).toHaveLength(0);
    }
  });

  it("counts a sector page's report configured by an administrator as available", async () => {
    const member = await createUser(pbi.db);
    const uuid = pbi.standIn.addReport('Retail overview').id;
    await pbi.db.kysely
      .insertInto('app_settings')
      .values({ key: 'sector_report_uuid:retail', value: uuid })
      .execute();
    const { provider } = providerFor(pbi.standIn, pbi.db);
    const res = await provider.embedToken(viewer(member), 'Beta', [
      { id: 0, tier: 'Beta', report_type: 'Retail Overview', report_uuid: uuid },
    ]);
    expect(res.reports[0]!.available).toBe(true);
    expect(res.accessToken).toMatch(/^embed-/);
  });

  it('reuses the cached Entra token only while it outlives the embed token it generates', async () => {
    const member = await createUser(pbi.db);
    const report = await addReport(member, pbi.standIn.addReport().id, admin.id);
    const { provider } = providerFor(pbi.standIn, pbi.db);
    try {
      pbi.standIn.aadExpiresInSeconds = 3599;
      let before = pbi.standIn.issuedAccessTokens.length;
      const first = await provider.embedToken(viewer(member), 'Beta', [report]);
      await provider.embedToken(viewer(member), 'Beta', [report]);
      expect(pbi.standIn.issuedAccessTokens.length - before).toBe(1);
      expect(Date.parse(first.expiration!) - Date.now()).toBeGreaterThan(50 * 60_000);

      // Entra tokens of 16 minutes: msal would reuse one, but embed tokens made with it would need
      // renewing within minutes, so GenerateToken takes a new one; other calls keep the cached one.
      pbi.standIn.aadExpiresInSeconds = 1000;
      const other = providerFor(pbi.standIn, pbi.db).provider;
      before = pbi.standIn.issuedAccessTokens.length;
      const generateCalls = pbi.standIn.callsTo('/v1.0/myorg/GenerateToken').length;
      await other.embedToken(viewer(member), 'Beta', [report]);
      await other.embedToken(viewer(member), 'Beta', [report]);
      expect(pbi.standIn.callsTo('/v1.0/myorg/GenerateToken').length - generateCalls).toBe(2);
      // One for the first report lookup, then one per GenerateToken.
      expect(pbi.standIn.issuedAccessTokens.length - before).toBe(3);
    } finally {
      pbi.standIn.aadExpiresInSeconds = 3599;
    }
  });

  it('asks for no token when nothing is available', async () => {
    const member = await createUser(pbi.db);
    const own = await addReport(member, pbi.standIn.addReport().id, member.id);
    const { provider } = providerFor(pbi.standIn, pbi.db);
    const before = pbi.standIn.issuedEmbedTokens.length;
    const res = await provider.embedToken(viewer(member), 'Beta', [own]);
    expect(res.accessToken).toBeNull();
    expect(res.reports[0]!.available).toBe(false);
    expect(pbi.standIn.issuedEmbedTokens.length).toBe(before);
  });

  it('builds the secure-embed URL of docs/PRODUCT.md#power-bi-provider without calling Power BI', async () => {
    const member = await createUser(pbi.db);
    const report = await addReport(member, pbi.standIn.addReport().id, admin.id);
    const own = await addReport(member, pbi.standIn.addReport().id, member.id);
    const { provider } = providerFor(pbi.standIn, pbi.db, { env: { POWERBI_EMBED_MODE: 'secure-embed' } });
    const calls = pbi.standIn.calls.length;
    const res = await provider.embedToken(viewer(member), 'Beta', [report, own]);
    expect(res.embedMode).toBe('secure-embed');
    expect(res.accessToken).toBeNull();
    expect(res.reports[0]!.embedUrl).toBe(
      `https://app.powerbi.com/reportEmbed?reportId=${report.report_uuid}&autoAuth=true&ctid=${pbi.standIn.tenantId}`,
    );
    expect(res.reports[1]).toMatchObject({ available: false, embedUrl: '' });
    expect(pbi.standIn.calls.length).toBe(calls);
  });
});

describe('failures become clear errors', () => {
  let member: TestUser;
  let report: Report;
  beforeAll(async () => {
    member = await createUser(pbi.db);
    report = await addReport(member, pbi.standIn.addReport().id, admin.id);
  });

  it('wrong credentials (AAD 401)', async () => {
    const { provider } = providerFor(pbi.standIn, pbi.db, {
      env: { POWERBI_CLIENT_SECRET: 'wrong-secret-value' },
    });
    await expectFailure(
      provider.embedToken(viewer(member), 'Beta', [report]),
      502,
      /credentials were rejected/,
    );
  });

  it('wrong tenant or request (AAD 400)', async () => {
    pbi.standIn.fail.token = { status: 400 };
    const { provider } = providerFor(pbi.standIn, pbi.db);
    await expectFailure(
      provider.embedToken(viewer(member), 'Beta', [report]),
      502,
      /credentials were rejected/,
    );
  });

  it('throttled or failing token endpoint (AAD 429, 5xx)', async () => {
    pbi.standIn.fail.token = { status: 429, retryAfter: 30 };
    await expectFailure(
      providerFor(pbi.standIn, pbi.db).provider.embedToken(viewer(member), 'Beta', [report]),
      503,
      /throttling/,
    );
    pbi.standIn.fail.token = { status: 500 };
    await expectFailure(
      providerFor(pbi.standIn, pbi.db).provider.embedToken(viewer(member), 'Beta', [report]),
      502,
      /unavailable/,
    );
  });

  it('a cached Entra token Power BI rejects (401) is replaced once, then the call succeeds', async () => {
    const { provider } = providerFor(pbi.standIn, pbi.db);
    await provider.embedToken(viewer(member), 'Beta', [report]);
    const tokens = pbi.standIn.issuedAccessTokens.length;
    pbi.standIn.revokeAccessTokens();
    const res = await provider.embedToken(viewer(member), 'Beta', [report]);
    expect(res.accessToken).toMatch(/^embed-/);
    expect(pbi.standIn.issuedAccessTokens.length).toBe(tokens + 1);
  });

  it('a 401 that persists is reported as rejected credentials', async () => {
    pbi.standIn.fail.report = { status: 401 };
    const { provider } = providerFor(pbi.standIn, pbi.db);
    await expectFailure(
      provider.embedToken(viewer(member), 'Beta', [report]),
      502,
      /credentials were rejected/,
    );
  });

  it('no access to the workspace (403)', async () => {
    pbi.standIn.workspaceAccess = false;
    const { provider } = providerFor(pbi.standIn, pbi.db);
    await expectFailure(
      provider.embedToken(viewer(member), 'Beta', [report]),
      502,
      /denied access to the workspace/,
    );
  });

  it('throttling (429 with Retry-After) is retried with the advised delay', async () => {
    pbi.standIn.fail.report = { status: 429, retryAfter: 2, times: 2 };
    const { provider, sleeps } = providerFor(pbi.standIn, pbi.db);
    const res = await provider.embedToken(viewer(member), 'Beta', [report]);
    expect(res.accessToken).toMatch(/^embed-/);
    expect(sleeps).toEqual([2000, 2000]);
  });

  it('throttling that does not stop gives up after a bounded number of tries', async () => {
    pbi.standIn.fail.generateToken = { status: 429, retryAfter: 1 };
    const { provider, sleeps } = providerFor(pbi.standIn, pbi.db);
    const before = pbi.standIn.callsTo('/v1.0/myorg/GenerateToken').length;
    await expectFailure(
      provider.embedToken(viewer(member), 'Beta', [report]),
      503,
      /throttling requests; try again in 1 second$/,
    );
    expect(pbi.standIn.callsTo('/v1.0/myorg/GenerateToken').length - before).toBe(3);
    expect(sleeps).toEqual([1000, 1000]);
  });

  it('a Retry-After longer than the bound is not waited for', async () => {
    pbi.standIn.fail.report = { status: 429, retryAfter: 3600 };
    const { provider, sleeps } = providerFor(pbi.standIn, pbi.db);
    await expectFailure(
      provider.embedToken(viewer(member), 'Beta', [report]),
      503,
      /try again in 3600 seconds/,
    );
    expect(sleeps).toEqual([]);
  });

  it('GenerateToken refused (400, e.g. a dataset with row-level security)', async () => {
    pbi.standIn.fail.generateToken = { status: 400, times: 1 };
    const { provider } = providerFor(pbi.standIn, pbi.db);
    await expectFailure(
      provider.embedToken(viewer(member), 'Beta', [report]),
      502,
      /refused to generate an embed token \(HTTP 400\)/,
    );
  });

  it('Power BI 5xx', async () => {
    pbi.standIn.fail.report = { status: 503 };
    const { provider } = providerFor(pbi.standIn, pbi.db);
    await expectFailure(
      provider.embedToken(viewer(member), 'Beta', [report]),
      502,
      /unavailable right now \(HTTP 503\)/,
    );
  });

  it('a Power BI call that never answers times out', async () => {
    pbi.standIn.fail.generateToken = 'hang';
    const { provider } = providerFor(pbi.standIn, pbi.db, { timeoutMs: 300 });
    const started = Date.now();
    await expectFailure(
      provider.embedToken(viewer(member), 'Beta', [report]),
      504,
      /did not answer within 0.3 s/,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a token endpoint that never answers times out', async () => {
    pbi.standIn.fail.token = 'hang';
    const { provider } = providerFor(pbi.standIn, pbi.db, { timeoutMs: 300 });
    await expectFailure(provider.embedToken(viewer(member), 'Beta', [report]), 504, /did not answer/);
  });

  it('an unreachable Power BI', async () => {
    const { provider } = providerFor(pbi.standIn, pbi.db, {
      env: { POWERBI_API_URL: 'https://127.0.0.1:9/v1.0/myorg' },
    });
    await expectFailure(provider.embedToken(viewer(member), 'Beta', [report]), 502, /could not be reached/);
  });
});
