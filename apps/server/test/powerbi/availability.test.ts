import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { trustCertificateAuthority } from '../../src/features/bi/powerbi/http';
import { bearer, createUser, type TestUser, tokenFor } from '../helpers/factories';
import { powerBiApp } from '../helpers/powerbi/app';
import { standInWithDatabase } from '../helpers/powerbi/setup';

const pbi = standInWithDatabase();
let app: App;
let admin: TestUser;

beforeAll(async () => {
  trustCertificateAuthority(pbi.standIn.ca);
  pbi.standIn.rlsDatasets.set(pbi.standIn.datasetId, ['Customer']);
  ({ app } = await powerBiApp(pbi.standIn, pbi.db, { POWERBI_RLS_ROLES: 'Customer' }));
  admin = await createUser(pbi.db, { role: 'admin' });
});
afterAll(async () => {
  await app.close();
});

async function as(user: TestUser) {
  const headers = bearer(await tokenFor(app, user));
  return {
    /** Adds a report tab: to the caller's organisation, or as an administrator to `owner`'s. */
    async addTab(report_uuid: string, owner?: TestUser) {
      const res = await app.inject({
        method: 'POST',
        url: owner ? `/api/admin/users/${owner.id}/reports` : '/api/reports',
        headers,
        payload: { tier: 'Beta', report_type: `Tab ${report_uuid.slice(0, 4)}`, report_uuid },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    },
    async embedToken(url = '/api/powerbi/get-powerbi-token?tier=Beta') {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        accessToken: string | null;
        reports: { report_uuid: string; available: boolean; embedUrl: string }[];
      };
    },
  };
}

const lookups = (uuid: string) =>
  pbi.standIn.callsTo(`/v1.0/myorg/groups/${pbi.standIn.workspaceId}/reports/${uuid}`);

describe('which reports a caller may embed', () => {
  it("grants nobody a report because an administrator's own tab uses it; the administrator embeds it", async () => {
    const member = await createUser(pbi.db);
    const adminsOwn = pbi.standIn.addReport('Administrators only').id;
    await (await as(admin)).addTab(adminsOwn);
    const asMember = await as(member);
    await asMember.addTab(adminsOwn);

    const issued = pbi.standIn.issuedEmbedTokens.length;
    const refused = await asMember.embedToken();
    expect(refused.accessToken).toBeNull();
    expect(refused.reports).toEqual([
      expect.objectContaining({ report_uuid: adminsOwn, available: false, embedUrl: '' }),
    ]);
    expect(pbi.standIn.issuedEmbedTokens.length).toBe(issued);
    expect(lookups(adminsOwn)).toHaveLength(0);

    // An administrator opens any tab of the organisation they work in, whoever created it (here
    // someone since deleted).
    const creatorGone = pbi.standIn.addReport('Creator gone').id;
    await pbi.db.kysely
      .insertInto('reports')
      .values({
        organisation_id: admin.organisationId!,
        tier: 'Beta',
        report_type: 'Kept',
        report_uuid: creatorGone,
        created_by: null,
      })
      .execute();
    const own = await (await as(admin)).embedToken();
    expect(own.accessToken).toBe(pbi.standIn.issuedEmbedTokens.at(-1)!.token);
    expect(own.reports.map((r) => [r.report_uuid, r.available])).toEqual([
      [adminsOwn, true],
      [creatorGone, true],
    ]);
  });

  it('grants a member a report an administrator assigned to them, and not the one they typed in', async () => {
    const member = await createUser(pbi.db);
    const assigned = pbi.standIn.addReport('Assigned').id;
    const typed = pbi.standIn.addReport('Typed').id;
    await (await as(admin)).addTab(assigned, member);
    const asMember = await as(member);
    await asMember.addTab(typed);

    const res = await asMember.embedToken();
    expect(res.accessToken).toBe(pbi.standIn.issuedEmbedTokens.at(-1)!.token);
    expect(res.reports.map((r) => [r.report_uuid, r.available])).toEqual([
      [assigned, true],
      [typed, false],
    ]);
    expect(pbi.standIn.issuedEmbedTokens.at(-1)!.body).toMatchObject({
      reports: [{ id: assigned, allowEdit: false }],
      identities: [{ username: `org:${member.organisationId}`, roles: ['Customer'] }],
    });
  });

  it("grants a member a sector page's report an administrator configured", async () => {
    const member = await createUser(pbi.db);
    const configured = pbi.standIn.addReport('Healthcare overview').id;
    await pbi.db.kysely
      .insertInto('app_settings')
      .values({ key: 'sector_report_uuid:healthcare', value: configured })
      .execute();
    const res = await (await as(member)).embedToken('/api/powerbi/sector-token/healthcare');
    expect(res.accessToken).toBe(pbi.standIn.issuedEmbedTokens.at(-1)!.token);
    expect(res.reports).toEqual([expect.objectContaining({ report_uuid: configured, available: true })]);
  });
});
