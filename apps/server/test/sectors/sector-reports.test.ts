import {
  AUTOMOBILE,
  EDUCATION,
  HEALTHCARE,
  HOTELS,
  REAL_ESTATE,
  RETAIL,
  type ReportView,
  type SectorDeclaration,
  sectorOverview,
} from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { bearer, createReport, createUser, tokenFor } from '../helpers/factories';
import { injectUpload } from '../helpers/multipart';
import { refreshNow } from '../helpers/refresh';
import { headerOf, sectorCsv, sectorIdOf } from '../helpers/sector-rows';

/** Each sector's report figures from a small known dataset, uploaded and refreshed as a member would. */
const { app, db } = await createTestApp();

async function member(d: SectorDeclaration) {
  const user = await createUser(db, { sectorId: sectorIdOf(d) });
  for (const r of d.reports)
    await createReport(db, user.id, { tier: 'Alpha+', report_type: r.name, report_uuid: r.uuid });
  const session = bearer(await tokenFor(app, user));
  const upload = async (rows: string[][]) => {
    const res = await injectUpload(app, session, 'data.csv', sectorCsv(headerOf(d), rows));
    expect(res.json()).toMatchObject({ totalRecordsFailed: 0 });
  };
  const refresh = async () => expect(await refreshNow(app, session)).toBe('completed');
  const report = async (key: string) => {
    const token = await app.inject({ url: '/api/powerbi/get-powerbi-token?tier=Alpha%2B', headers: session });
    const uuid = d.reports.find((r) => r.key === key)!.uuid;
    const res = await app.inject({
      url: `/api/embed/reports/${uuid}`,
      headers: bearer(token.json().accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      source: string;
      rowCount: number;
      refreshedAt: string | null;
      view: ReportView;
    };
  };
  return { user, session, upload, refresh, report };
}

const kpis = (v: ReportView) => Object.fromEntries(v.kpis.map((k) => [k.key, k.value]));
const rows = (v: ReportView, chart: string) =>
  v.charts.find((c) => c.key === chart)!.rows.map((r) => [r.label, ...r.values]);

describe('sector reports', () => {
  it('Automobile: units and revenue by model and month, over the current row of each key', async () => {
    const m = await member(AUTOMOBILE);
    const before = await m.report('automobile-overview');
    expect(before).toMatchObject({ source: 'own', rowCount: 0, refreshedAt: null });
    expect(kpis(before.view)).toEqual({ units: 0, revenue: 0, revenue_per_unit: null });
    await m.upload([
      ['2025-01-10', 'Andheri', 'Nexon', 'XZ', 'Petrol', '2', '2000000'],
      ['2025-01-20', 'Bandra', 'Nexon', 'XZ', 'diesel', '1', '1200000'],
      ['05/02/2025', 'Andheri', 'Punch', 'Adventure', 'CNG', '4', '2100000'],
    ]);
    // A newer upload's row replaces the one with the same date, dealer, model, variant and fuel type.
    await m.upload([['10/01/2025', 'Andheri', 'Nexon', 'XZ', 'PETROL', '5', '5000000']]);
    await m.refresh();
    const overview = await m.report('automobile-overview');
    expect(overview.rowCount).toBe(3);
    expect(kpis(overview.view)).toEqual({ units: 10, revenue: 8_300_000, revenue_per_unit: 830_000 });
    expect(rows(overview.view, 'monthly')).toEqual([
      ['2025-01', 6],
      ['2025-02', 4],
    ]);
    expect(rows(overview.view, 'fuel')).toEqual([
      ['Petrol', 5],
      ['Diesel', 1],
      ['CNG', 4],
    ]);
    const byModel = await m.report('units-by-model');
    expect(rows(byModel.view, 'units')).toEqual([
      ['Nexon', 6],
      ['Punch', 4],
    ]);
    expect(rows(byModel.view, 'revenue')).toEqual([
      ['Nexon', 6_200_000],
      ['Punch', 2_100_000],
    ]);
    const mix = await m.report('fuel-mix');
    expect(mix.view.charts[1]!.series.map((s) => s.label)).toEqual(['Petrol', 'Diesel', 'CNG']);
    expect(rows(mix.view, 'monthly')).toEqual([
      ['2025-01', 5, 1, 0],
      ['2025-02', 0, 0, 4],
    ]);
  });

  it('Real-Estate: days on market and price realisation over sold listings', async () => {
    const m = await member(REAL_ESTATE);
    await m.upload([
      ['L1', 'Pune', 'Baner', 'flat', '2025-01-01', '2025-01-31', '100', '95'],
      ['L2', 'Pune', 'Baner', 'Villa', '10-01-2025', '11/03/2025', '200', '190'],
      ['L3', 'Mumbai', 'Powai', 'Apartment', '2025-02-01', '', '300', ''],
    ]);
    await m.refresh();
    const v = (await m.report('real-estate-overview')).view;
    expect(kpis(v)).toEqual({ listings: 3, sold: 2, days_on_market: 45, price_realisation: 0.95 });
    expect(rows(v, 'types')).toEqual([
      ['Apartment', 2],
      ['Villa', 1],
    ]);
    expect(rows(v, 'sales')).toEqual([
      ['2025-01', 1],
      ['2025-03', 1],
    ]);
    const city = (await m.report('listings-by-city')).view;
    expect(kpis(city)).toEqual({ listings: 3, avg_list_price: 200 });
    expect(rows(city, 'listings')).toEqual([
      ['Pune', 2],
      ['Mumbai', 1],
    ]);
  });

  it('Healthcare: visits, length of stay and readmission rate', async () => {
    const m = await member(HEALTHCARE);
    await m.upload([
      ['V1', '2025-01-05', 'Cardiology', '65 and over', 'F', '4', 'Yes'],
      ['V2', '2025-01-06', 'Cardiology', '50-64', 'm', '2', 'n'],
      ['V3', '2025-02-01', 'Emergency', '18 to 34', 'Female', '0', 'No'],
      ['V4', '2025-02-02', 'Orthopaedics', '65+', 'M', '6', 'false'],
    ]);
    await m.refresh();
    const v = (await m.report('healthcare-overview')).view;
    expect(kpis(v)).toEqual({ visits: 4, avg_stay: 3, readmission_rate: 0.25 });
    expect(rows(v, 'monthly')).toEqual([
      ['2025-01', 2],
      ['2025-02', 2],
    ]);
    const r = (await m.report('readmissions')).view;
    expect(rows(r, 'ages')).toEqual([
      ['18-34', 0],
      ['50-64', 0],
      ['65+', 0.5],
    ]);
    expect(rows(r, 'departments')[0]).toEqual(['Cardiology', 0.5]);
  });

  it('Retail: revenue, units, footfall and revenue per visitor', async () => {
    const m = await member(RETAIL);
    await m.upload([
      ['2025-01-01', 'S1', 'Apparel', '10', '1000', '100'],
      ['2025-01-01', 'S1', 'Food', '20', '500', ''],
      ['2025-01-02', 'S2', 'Apparel', '5', '800', '50'],
    ]);
    await m.refresh();
    const v = (await m.report('retail-overview')).view;
    const k = kpis(v);
    expect(k).toMatchObject({ revenue: 2300, units: 35, footfall: 150 });
    expect(k.revenue_per_visitor).toBeCloseTo(2300 / 150, 6);
    expect(rows(v, 'categories')).toEqual([
      ['Apparel', 1800],
      ['Food', 500],
    ]);
    const stores = (await m.report('store-performance')).view;
    expect(rows(stores, 'per-visitor')).toEqual([
      ['S2', 16],
      ['S1', 15],
    ]);
  });

  it('Hotels: occupancy, ADR and RevPAR', async () => {
    const m = await member(HOTELS);
    await m.upload([
      ['2025-01-01', 'H1', '100', '80', '400000'],
      ['2025-01-02', 'H1', '100', '60', '300000'],
      ['2025-01-01', 'H2', '50', '50', '250000'],
    ]);
    await m.refresh();
    const v = (await m.report('hotels-overview')).view;
    expect(kpis(v)).toEqual({ occupancy: 0.76, adr: 5000, revpar: 3800, room_revenue: 950_000 });
    const occupancy = (await m.report('occupancy')).view;
    expect(rows(occupancy, 'properties')).toEqual([
      ['H2', 1],
      ['H1', 0.7],
    ]);
    const adr = (await m.report('adr-revpar')).view;
    expect(adr.charts[0]!.series.map((s) => s.key)).toEqual(['adr', 'revpar']);
    expect(rows(adr, 'monthly')).toEqual([['2025-01', 5000, 3800]]);
  });

  it('Education: the five templates answer generically, from the same summaries', async () => {
    const m = await member(EDUCATION);
    await m.upload([
      ['S1', 'Asha', 'F', 'Grade 2', 'Yes', '80', '2025-01-15'],
      ['S2', 'Ravi', 'M', 'Grade 10', 'No', '60', ''],
      ['S3', 'Meera', 'F', 'Grade 10', 'Yes', '', '2025-03-01'],
    ]);
    await m.refresh();
    const overview = await m.report('sector-overview');
    const k = kpis(overview.view);
    expect(k).toMatchObject({ students: 3, average_score: 70 });
    expect(k.female_share).toBeCloseTo(2 / 3, 6);
    expect(k.submission_rate).toBeCloseTo(2 / 3, 6);
    expect(rows(overview.view, 'grades')).toEqual([
      ['Grade 2', 1, 0],
      ['Grade 10', 1, 1],
    ]);
    expect(overview).not.toHaveProperty('data');
    const bands = (await m.report('score-distribution')).view;
    expect(rows(bands, 'bands')).toHaveLength(10);
    expect(rows(bands, 'bands')[6]).toEqual(['60-69', 1]);
    expect(rows(bands, 'bands')[9]).toEqual(['90-100', 0]);
  });

  it("shows other sectors' reports over their demo datasets, and a member's own sector over their data", async () => {
    const m = await member(AUTOMOBILE);
    for (const d of [HOTELS, EDUCATION, REAL_ESTATE]) {
      const page = await app.inject({ url: `/api/powerbi/sector-token/${d.slug}`, headers: m.session });
      const res = await app.inject({
        url: `/api/embed/reports/${sectorOverview(d).uuid}`,
        headers: bearer(page.json().accessToken),
      });
      expect(res.json()).toMatchObject({
        source: 'demo',
        refreshedAt: null,
        report: { sector: d.industry },
      });
      expect(res.json().rowCount).toBeGreaterThan(1000);
    }
    const own = await app.inject({ url: '/api/powerbi/sector-token/automobile', headers: m.session });
    const res = await app.inject({
      url: `/api/embed/reports/${sectorOverview(AUTOMOBILE).uuid}`,
      headers: bearer(own.json().accessToken),
    });
    expect(res.json()).toMatchObject({ source: 'own', rowCount: 0 });
  });
});
