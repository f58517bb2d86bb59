import { EXPORT_MESSAGES } from '@insightra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { trustCertificateAuthority } from '../../src/features/bi/powerbi/http';
import { SubscriptionRunner } from '../../src/features/subscriptions/delivery-runner';
import { bearer, createUser, type TestUser, tokenFor } from '../helpers/factories';
import { startMailServer } from '../helpers/mail-server';
import { powerBiApp } from '../helpers/powerbi/app';
import { standInWithDatabase } from '../helpers/powerbi/setup';
import { exportedFile, type StandInExport } from '../helpers/powerbi/stand-in';
import { addSalesTab } from '../helpers/powerbi/tabs';

/*
 * In Power BI mode a subscription's mail carries Power BI's exports of the report, as the organisation
 * sees it: the PDF attached and, in place of the KPI cards, the first page inline. A report the
 * organisation may not open cannot be subscribed, and fails its deliveries once withdrawn.
 */
const pbi = standInWithDatabase();
const mail = await startMailServer();
afterAll(mail.close);
let app: App;
let owner: TestUser;
let session: Record<string, string>;
/** Tabs of the owner's organisation: two an administrator added, one the owner typed in. */
const tabs = {} as { sales: number; stock: number; typedIn: number };

const addTab = (organisationId: number, reportUuid: string, createdBy: number | null) =>
  addSalesTab(pbi.db, organisationId, reportUuid, createdBy);

beforeAll(async () => {
  trustCertificateAuthority(pbi.standIn.ca);
  pbi.standIn.rlsDatasets.set(pbi.standIn.datasetId, ['Customer']);
  // Each export job is done at its first poll.
  pbi.standIn.exportPolls = 0;
  ({ app } = await powerBiApp(pbi.standIn, pbi.db, { POWERBI_RLS_ROLES: 'Customer', SMTP_URL: mail.url }));
  // Signed in by token: no password to hash.
  const admin = await createUser(pbi.db, { role: 'admin', password: null });
  owner = await createUser(pbi.db, { password: null });
  session = bearer(await tokenFor(app, owner));
  const sales = pbi.standIn.addReport('Beacon sales');
  // Listed out of their order: the first page is the one of order 0.
  sales.pages = [
    { name: 'ReportSection2', displayName: 'Details', order: 1 },
    { name: 'ReportSection1', displayName: 'Summary', order: 0 },
  ];
  tabs.sales = await addTab(owner.organisationId!, sales.id, admin.id);
  tabs.stock = await addTab(owner.organisationId!, pbi.standIn.addReport('Beacon stock').id, admin.id);
  tabs.typedIn = await addTab(owner.organisationId!, pbi.standIn.addReport('Someone else').id, owner.id);
});
afterAll(async () => {
  await app?.close();
});

const subscribe = (reportId: number, skipWithoutNewData = false) =>
  app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: session,
    payload: { reportId, cadence: 'daily', time: '09:00', skipWithoutNewData },
  });

let slotsMade = 0;
/** The subscription's next slot, due now: a slot of its own (a slot is sent once), each a minute after the last. */
const makeDue = (id: number) =>
  pbi.db.query(
    "UPDATE subscriptions SET next_run_at = date_trunc('second', now()) - make_interval(mins => 10 - $2) WHERE id = $1",
    [id, ++slotsMade],
  );

/** A new subscription of the tab, due now. */
async function dueSubscription(reportId: number, skipWithoutNewData = false): Promise<number> {
  const res = await subscribe(reportId, skipWithoutNewData);
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json().data.subscription;
  await makeDue(id);
  return id;
}

/** A dataset refresh in Power BI's history that completed at `endTime`. */
const completedRefresh = (endTime: Date) =>
  pbi.standIn.refreshes.unshift({
    requestId: `refresh-${endTime.getTime()}`,
    refreshType: 'ViaApi',
    startTime: new Date(endTime.getTime() - 60_000).toISOString(),
    endTime: endTime.toISOString(),
    status: 'Completed',
    serviceExceptionJson: null,
  });

const deliveriesOf = async (id: number) =>
  (await app.inject({ url: `/api/subscriptions/${id}/deliveries`, headers: session })).json().data.deliveries;

describe('a subscription in Power BI mode', () => {
  it('mails Power BI’s PDF attached and its first page inline, both exported with the organisation’s identity', async () => {
    const id = await dueSubscription(tabs.sales);
    const mailsBefore = mail.received.length;
    const jobsBefore = pbi.standIn.exports.size;
    const refreshes = `/v1.0/myorg/groups/${pbi.standIn.workspaceId}/datasets/${pbi.standIn.datasetId}/refreshes`;
    const historyReads = pbi.standIn.callsTo(refreshes).length;
    await new SubscriptionRunner(app).tick();
    expect(await deliveriesOf(id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    // No slot due depends on new data: the refresh history is not asked.
    expect(pbi.standIn.callsTo(refreshes)).toHaveLength(historyReads);

    const jobs: StandInExport[] = [...pbi.standIn.exports.values()].slice(jobsBefore);
    expect(jobs.map((j) => j.body.format)).toEqual(['PDF', 'PNG']);
    for (const job of jobs) {
      expect(job.body.powerBIReportConfiguration?.identities?.[0]?.username).toBe(
        `org:${owner.organisationId}`,
      );
    }
    const [pdfJob, pngJob] = jobs as [StandInExport, StandInExport];
    expect(pdfJob.body.powerBIReportConfiguration?.pages).toBeUndefined();
    expect(pngJob.body.powerBIReportConfiguration?.pages).toEqual([{ pageName: 'ReportSection1' }]);

    const sent = mail.received[mailsBefore]!;
    expect(sent.to).toEqual([owner.email]);
    const pdf = sent.part('application/pdf')!;
    expect(pdf.content.equals(exportedFile(pdfJob))).toBe(true);
    expect(pdf.header('content-type')).toMatch(/name="?Sales \d{4}-\d{2}-\d{2}\.pdf/);
    const png = sent.part('image/png')!;
    expect(png.content.equals(exportedFile(pngJob))).toBe(true);
    expect(png.content.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    const cid = /^<(.+)>$/.exec(png.header('content-id')!)![1]!;
    const html = sent.part('text/html')!.content.toString();
    expect(html).toContain(`<img src="cid:${cid}" alt="First page of Sales"`);
    expect(html).not.toContain('<table');
    const text = sent.part('text/plain')!.content.toString().replace(/\r\n/g, '\n');
    expect(text).toMatch(
      /^Sales — .+\nDrawn by Power BI on .+ UTC\n\nThe full report is attached as a PDF\./,
    );
  });

  it('skips a slot when asked and the dataset’s refresh history shows nothing newer than the last send', async () => {
    completedRefresh(new Date(Date.now() - 3_600_000));
    const id = await dueSubscription(tabs.sales, true);
    await new SubscriptionRunner(app).tick();
    await makeDue(id);
    await new SubscriptionRunner(app).tick();
    expect((await deliveriesOf(id)).map((d: { status: string }) => d.status)).toEqual(['skipped', 'sent']);
    completedRefresh(new Date());
    await makeDue(id);
    await new SubscriptionRunner(app).tick();
    expect((await deliveriesOf(id)).map((d: { status: string }) => d.status)).toEqual([
      'sent',
      'skipped',
      'sent',
    ]);
  });

  it('cannot be made of a report the organisation may not open in Power BI', async () => {
    const res = await subscribe(tabs.typedIn);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(EXPORT_MESSAGES.notExportable);
  });

  it('fails its next delivery with the reason a member reads once the report is withdrawn', async () => {
    const id = await dueSubscription(tabs.stock);
    await new SubscriptionRunner(app).tick();
    // The tab becomes one the owner typed in: the organisation may no longer open it.
    await pbi.db.query('UPDATE reports SET created_by = $1 WHERE id = $2', [owner.id, tabs.stock]);
    const sendNow = await app.inject({
      method: 'POST',
      url: `/api/subscriptions/${id}/send-now`,
      headers: session,
    });
    expect(sendNow.statusCode, sendNow.body).toBe(200);
    const mailsBefore = mail.received.length;
    const jobsBefore = pbi.standIn.exports.size;
    await new SubscriptionRunner(app).tick();
    expect(mail.received.length).toBe(mailsBefore);
    expect(pbi.standIn.exports.size).toBe(jobsBefore);
    expect(await deliveriesOf(id)).toMatchObject([
      { status: 'pending', attempts: 1, error: EXPORT_MESSAGES.notExportable },
      { status: 'sent' },
    ]);
  });
});
