import { MESSAGES, type Report } from '@insightra/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { trustCertificateAuthority } from '../../src/features/bi/powerbi/http';
import type { ReportViewer } from '../../src/features/bi/provider';
import { bearer, createUser, type TestUser, tokenFor } from '../helpers/factories';
import { linesWith, type PowerBiApp, powerBiApp } from '../helpers/powerbi/app';
import { providerFor, standInWithDatabase } from '../helpers/powerbi/setup';
import type { GenerateTokenBody } from '../helpers/powerbi/stand-in-identities';

const pbi = standInWithDatabase();
const opened: PowerBiApp[] = [];
let admin: TestUser;

beforeAll(async () => {
  trustCertificateAuthority(pbi.standIn.ca);
  admin = await createUser(pbi.db, { role: 'admin' });
});
beforeEach(() => {
  pbi.standIn.rlsDatasets.clear();
});
afterAll(async () => {
  for (const { app } of opened) await app.close();
});

async function open(env: Record<string, string> = {}) {
  const opened_ = await powerBiApp(pbi.standIn, pbi.db, env);
  opened.push(opened_);
  return opened_;
}

/** A report an administrator made available to the member's organisation. */
async function grant(member: TestUser, uuid: string): Promise<Report> {
  return pbi.db.kysely
    .insertInto('reports')
    .values({
      organisation_id: member.organisationId!,
      tier: 'Beta',
      report_type: 'Grades',
      report_uuid: uuid,
      created_by: admin.id,
    })
    .returning(['id', 'tier', 'report_type', 'report_uuid'])
    .executeTakeFirstOrThrow();
}

const viewer = (member: TestUser): ReportViewer => ({ organisationId: member.organisationId!, admin: false });

const lastBody = () => pbi.standIn.issuedEmbedTokens.at(-1)!.body as GenerateTokenBody;
const lastRequest = () =>
  JSON.parse(pbi.standIn.callsTo('/v1.0/myorg/GenerateToken', 'POST').at(-1)!.body) as GenerateTokenBody;

describe('embed tokens and row-level security', () => {
  it("carries the member's organisation, the configured roles and every dataset of the token, view only", async () => {
    const member = await createUser(pbi.db);
    const other = crypto.randomUUID();
    pbi.standIn.rlsDatasets.set(pbi.standIn.datasetId, ['Customer']);
    pbi.standIn.rlsDatasets.set(other, ['Customer']);
    const reports = [
      await grant(member, pbi.standIn.addReport('Grades').id),
      await grant(member, pbi.standIn.addReport('Other model', other).id),
    ];
    const { provider } = providerFor(pbi.standIn, pbi.db, {
      env: { POWERBI_RLS_ROLES: ' Customer , Reader,Customer', POWERBI_TOKEN_MINUTES: '30' },
    });
    const res = await provider.embedToken(viewer(member), 'Beta', reports);

    expect(res.accessToken).toBe(pbi.standIn.issuedEmbedTokens.at(-1)!.token);
    expect(lastBody()).toEqual({
      reports: reports.map((r) => ({ id: r.report_uuid, allowEdit: false })),
      datasets: [pbi.standIn.datasetId, other].map((id) => ({ id, xmlaPermissions: 'Off' })),
      identities: [
        {
          username: `org:${member.organisationId}`,
          roles: ['Customer', 'Reader'],
          datasets: [pbi.standIn.datasetId, other],
        },
      ],
      lifetimeInMinutes: 30,
    });
    expect(Date.parse(res.expiration!) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(Date.parse(res.expiration!) - Date.now()).toBeGreaterThan(25 * 60_000);
  });

  it('sends no identity and no targetWorkspaces when POWERBI_RLS_ROLES is not set', async () => {
    const member = await createUser(pbi.db);
    const report = await grant(member, pbi.standIn.addReport().id);
    const { provider } = providerFor(pbi.standIn, pbi.db);
    await provider.embedToken(viewer(member), 'Beta', [report]);
    expect(lastBody()).toEqual({
      reports: [{ id: report.report_uuid, allowEdit: false }],
      datasets: [{ id: pbi.standIn.datasetId, xmlaPermissions: 'Off' }],
      lifetimeInMinutes: 60,
    });
  });

  it("gives a sector page's token the organisation's identity too, through HTTP", async () => {
    pbi.standIn.rlsDatasets.set(pbi.standIn.datasetId, ['Customer']);
    const member = await createUser(pbi.db);
    const uuid = pbi.standIn.addReport('Hotels overview').id;
    await pbi.db.kysely
      .insertInto('app_settings')
      .values({ key: 'sector_report_uuid:hotels', value: uuid })
      .execute();
    const { app } = await open({ POWERBI_RLS_ROLES: 'Customer' });
    const res = await app.inject({
      method: 'GET',
      url: '/api/powerbi/sector-token/hotels',
      headers: bearer(await tokenFor(app, member)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().reports[0]).toMatchObject({ report_uuid: uuid, available: true });
    expect(lastRequest()).toEqual({
      reports: [{ id: uuid, allowEdit: false }],
      datasets: [{ id: pbi.standIn.datasetId, xmlaPermissions: 'Off' }],
      identities: [
        { username: `org:${member.organisationId}`, roles: ['Customer'], datasets: [pbi.standIn.datasetId] },
      ],
      lifetimeInMinutes: 60,
    });
  });

  it('never asks for targetWorkspaces, whatever the token covers', () => {
    const requests = pbi.standIn.callsTo('/v1.0/myorg/GenerateToken', 'POST');
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const call of requests) expect(call.body).not.toContain('targetWorkspaces');
  });
});

describe("Power BI's refusals of an identity", () => {
  it.each<{ name: string; rls: boolean; env: Record<string, string>; message: string; powerBiText: string }>([
    {
      name: 'a dataset with row-level security and POWERBI_RLS_ROLES unset',
      rls: true,
      env: {},
      message: MESSAGES.powerBi.identityRequired,
      powerBiText: 'requires effective identity',
    },
    {
      name: 'a dataset without row-level security and POWERBI_RLS_ROLES set',
      rls: false,
      env: { POWERBI_RLS_ROLES: 'Customer' },
      message: MESSAGES.powerBi.identityRefused,
      powerBiText: "shouldn't have effective identity",
    },
  ])('$name: a plain message for the member, the variable in the log', async (c) => {
    if (c.rls) pbi.standIn.rlsDatasets.set(pbi.standIn.datasetId, ['Customer']);
    const member = await createUser(pbi.db);
    await grant(member, pbi.standIn.addReport().id);
    const { app, lines } = await open(c.env);
    const res = await app.inject({
      method: 'GET',
      url: '/api/powerbi/get-powerbi-token?tier=Beta',
      headers: bearer(await tokenFor(app, member)),
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ success: false, message: c.message });
    expect(res.body).not.toContain(c.powerBiText);
    expect(res.body).not.toContain(pbi.standIn.datasetId);
    const logged = linesWith(lines, 'POWERBI_RLS_ROLES').filter((l) => l.includes('"level":50'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(pbi.standIn.datasetId);
    // Power BI's own text is in the log for the operator.
    expect(linesWith(lines, c.powerBiText)).toHaveLength(1);
  });
});

describe('without POWERBI_RLS_ROLES', () => {
  it('with POWERBI_SHARED_DATASET=true, logs once at start-up that every member sees every row, and tells administrators', async () => {
    const without = await open({ POWERBI_SHARED_DATASET: 'true' });
    const startUp = linesWith(without.lines, 'every member sees every row');
    expect(startUp).toHaveLength(1);
    expect(startUp[0]).toContain('POWERBI_SHARED_DATASET=true');
    const withRoles = await open({ POWERBI_RLS_ROLES: 'Customer', POWERBI_REFRESH_MIN_INTERVAL_MIN: '0' });
    expect(linesWith(withRoles.lines, 'every member sees every row')).toHaveLength(0);

    const member = await createUser(pbi.db);
    const settings = (app: PowerBiApp['app'], user: TestUser) =>
      tokenFor(app, user).then((t) =>
        app.inject({ method: 'GET', url: '/api/admin/bi-settings', headers: bearer(t) }),
      );
    const off = await settings(without.app, admin);
    expect(off.json()).toEqual({
      success: true,
      data: {
        provider: 'powerbi',
        embedMode: 'embed-token',
        rowLevelSecurity: false,
        rlsRoles: [],
        tokenMinutes: 60,
        refreshMinIntervalMin: 180,
      },
    });
    expect((await settings(withRoles.app, admin)).json().data).toMatchObject({
      rowLevelSecurity: true,
      rlsRoles: ['Customer'],
      refreshMinIntervalMin: 0,
    });
    expect((await settings(without.app, member)).statusCode).toBe(403);
    // Secure embed: viewers sign in to Power BI themselves, so the warning does not apply.
    const secure = await open({ POWERBI_EMBED_MODE: 'secure-embed' });
    expect(linesWith(secure.lines, 'every member sees every row')).toHaveLength(0);
    expect((await settings(secure.app, admin)).json().data.rowLevelSecurity).toBeNull();
  });
});
