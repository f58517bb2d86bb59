import { EXPORT_MESSAGES } from '@insightra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { trustCertificateAuthority } from '../../src/features/bi/powerbi/http';
import { bearer, createUser, type TestUser, tokenFor } from '../helpers/factories';
import { linesWith, powerBiApp } from '../helpers/powerbi/app';
import { standInWithDatabase } from '../helpers/powerbi/setup';
import { addSalesTab } from '../helpers/powerbi/tabs';

/**
 * In Power BI mode a tab's PDF and PNG come from Power BI's export API, as the organisation sees the
 * report: the export job carries its effective identity `org:{id}`; it is polled until done.
 */
const pbi = standInWithDatabase();
let app: App;
let owner: TestUser;
let session: Record<string, string>;
let adminId: number;
/** Tabs of the owner's organisation: one an administrator added, one the owner typed in. */
const tabs = {} as { granted: number; typedIn: number };

const addTab = (organisationId: number, reportUuid: string, createdBy: number | null) =>
  addSalesTab(pbi.db, organisationId, reportUuid, createdBy);

beforeAll(async () => {
  trustCertificateAuthority(pbi.standIn.ca);
  pbi.standIn.rlsDatasets.set(pbi.standIn.datasetId, ['Customer']);
  ({ app } = await powerBiApp(pbi.standIn, pbi.db, { POWERBI_RLS_ROLES: 'Customer' }));
  const admin = await createUser(pbi.db, { role: 'admin' });
  adminId = admin.id;
  owner = await createUser(pbi.db, { fullName: 'Beacon Stores' });
  session = bearer(await tokenFor(app, owner));
  tabs.granted = await addTab(owner.organisationId!, pbi.standIn.addReport('Beacon sales').id, admin.id);
  tabs.typedIn = await addTab(owner.organisationId!, pbi.standIn.addReport('Someone else').id, owner.id);
});
afterAll(async () => {
  await app?.close();
});

const exportOf = (id: number, query: string, headers = session) =>
  app.inject({ url: `/api/reports/${id}/export?${query}`, headers });

describe('exports in Power BI mode', () => {
  it.each([
    ['pdf', 'PDF', 'application/pdf', '%PDF-'],
    ['png', 'PNG', 'image/png', '\x89PNG'],
  ])(
    'answers the %s Power BI exported with the organisation’s identity, after polling the job',
    async (format, pbiFormat, type, signature) => {
      const before = pbi.standIn.exports.size;
      const res = await exportOf(tabs.granted, `format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`filename="Sales \\d{4}-\\d{2}-\\d{2}\\.${format}"`),
      );
      expect(res.rawPayload.subarray(0, signature.length).toString('latin1')).toBe(signature);
      expect(res.rawPayload.toString('latin1')).toContain(`for org:${owner.organisationId}`);

      expect(pbi.standIn.exports.size).toBe(before + 1);
      const job = [...pbi.standIn.exports.values()].at(-1)!;
      expect(job.body).toEqual({
        format: pbiFormat,
        powerBIReportConfiguration: {
          // A PNG is one image: the report's first page.
          ...(format === 'png' ? { pages: [{ pageName: 'ReportSection' }] } : {}),
          identities: [
            {
              username: `org:${owner.organisationId}`,
              roles: ['Customer'],
              datasets: [pbi.standIn.datasetId],
            },
          ],
        },
      });
      // Polled while running, then once more to find it done, then the file fetched.
      expect(job.polls).toBe(pbi.standIn.exportPolls + 1);
      expect(
        pbi.standIn.callsTo(
          `/v1.0/myorg/groups/${pbi.standIn.workspaceId}/reports/${job.reportId}/exports/${job.id}/file`,
        ),
      ).toHaveLength(1);
    },
  );

  it('answers one PNG of a report of several pages: its first page', async () => {
    const report = pbi.standIn.addReport('Beacon stock');
    report.pages = [
      { name: 'ReportSection2', displayName: 'Details', order: 1 },
      { name: 'ReportSection1', displayName: 'Summary', order: 0 },
    ];
    const tab = await addTab(owner.organisationId!, report.id, adminId);
    const res = await exportOf(tab, 'format=png');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    const job = [...pbi.standIn.exports.values()].at(-1)!;
    expect(job.body.powerBIReportConfiguration?.pages).toEqual([{ pageName: 'ReportSection1' }]);
  });

  it('offers no data formats, nor reports the organisation was not given, nor another organisation’s tab', async () => {
    for (const format of ['xlsx', 'csv']) {
      const res = await exportOf(tabs.granted, `format=${format}&chart=any`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(EXPORT_MESSAGES.powerBiDataFormats);
    }
    const typedIn = await exportOf(tabs.typedIn, 'format=pdf');
    expect(typedIn.statusCode).toBe(400);
    expect(typedIn.json().message).toBe(EXPORT_MESSAGES.notExportable);
    const outsider = bearer(await tokenFor(app, await createUser(pbi.db)));
    expect((await exportOf(tabs.granted, 'format=pdf', outsider)).statusCode).toBe(404);
  });

  it('says the export failed when Power BI’s job fails', async () => {
    pbi.standIn.exportOutcome = 'Failed';
    try {
      const res = await exportOf(tabs.granted, 'format=pdf');
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(EXPORT_MESSAGES.failed);
    } finally {
      pbi.standIn.exportOutcome = 'Succeeded';
    }
  });
});

describe('exports in Power BI secure-embed mode', () => {
  // The stand-in's environment says POWERBI_SHARED_DATASET=true unless told otherwise.
  const secureApp = async (env: Record<string, string>) =>
    powerBiApp(pbi.standIn, pbi.db, {
      POWERBI_EMBED_MODE: 'secure-embed',
      POWERBI_SHARED_DATASET: 'false',
      SMTP_URL: 'smtp://127.0.0.1:9',
      ...env,
    });

  it('runs none without an identity, and start-up says so; subscriptions cannot be made', async () => {
    const secure = await secureApp({});
    try {
      expect(linesWith(secure.lines, 'exports and e-mailed reports are off')).toHaveLength(1);
      const headers = bearer(await tokenFor(secure.app, owner));
      const res = await secure.app.inject({ url: `/api/reports/${tabs.granted}/export?format=pdf`, headers });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(EXPORT_MESSAGES.noIdentity);
      const subscribe = await secure.app.inject({
        method: 'POST',
        url: '/api/subscriptions',
        headers,
        payload: { reportId: tabs.granted, cadence: 'daily', time: '09:00' },
      });
      expect(subscribe.statusCode).toBe(409);
      expect(subscribe.json().message).toBe(EXPORT_MESSAGES.noIdentity);
    } finally {
      await secure.app.close();
    }
  });

  it.each([
    [{ POWERBI_RLS_ROLES: 'Customer' }, "carry the organisation's identity", true],
    [{ POWERBI_SHARED_DATASET: 'true' }, 'carry no identity', false],
  ])('runs them with %o, and start-up says which', async (env, said, identity) => {
    const secure = await secureApp(env);
    // A dataset shared on purpose has no row-level security for Power BI to ask an identity for.
    const roles = pbi.standIn.rlsDatasets.get(pbi.standIn.datasetId);
    if (!identity) pbi.standIn.rlsDatasets.delete(pbi.standIn.datasetId);
    try {
      expect(linesWith(secure.lines, said)).toHaveLength(1);
      const headers = bearer(await tokenFor(secure.app, owner));
      const res = await secure.app.inject({ url: `/api/reports/${tabs.granted}/export?format=pdf`, headers });
      expect(res.statusCode, res.body).toBe(200);
      const job = [...pbi.standIn.exports.values()].at(-1)!;
      expect(Boolean(job.body.powerBIReportConfiguration?.identities)).toBe(identity);
    } finally {
      if (roles) pbi.standIn.rlsDatasets.set(pbi.standIn.datasetId, roles);
      await secure.app.close();
    }
  });
});
