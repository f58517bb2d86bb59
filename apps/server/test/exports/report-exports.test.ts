import {
  type EmbedReportResponse,
  EXPORT_MESSAGES,
  formatValue,
  monthLabel,
  type ReportChart,
  SECTOR_DECLARATIONS,
  type SectorDeclaration,
  sectorOverview,
} from '@insightra/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addMember } from '../../src/features/organisations/organisation-repository';
import { createTestApp } from '../helpers/app';
import { bearer, createReport, createUser, tokenFor } from '../helpers/factories';
import { injectUpload } from '../helpers/multipart';
import { pdfPages } from '../helpers/pdf-text';
import { refreshNow } from '../helpers/refresh';
import { headerOf, sectorCsv, sectorIdOf, validRow } from '../helpers/sector-rows';

/**
 * A report tab exported as each member downloads it: every sector's overview, uploaded and refreshed,
 * compared with the report's answer (GET /api/embed/reports/:uuid) as the page shows it. One export runs
 * at a time on this app (EXPORT_WORKERS=1).
 */
const { app, db } = await createTestApp({ EXPORT_WORKERS: '1' });
const today = () => new Date().toISOString().slice(0, 10);

async function organisationName(id: number) {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM organisations WHERE id = $1', [id]);
  return rows[0]!.name;
}

/** A member of a sector with the sector's overview as a tab, five rows uploaded and refreshed. */
async function member(d: SectorDeclaration) {
  const user = await createUser(db, { sectorId: sectorIdOf(d) });
  const overview = sectorOverview(d);
  const tab = await createReport(db, user.id, {
    tier: 'Alpha+',
    report_type: `${d.industry} figures`,
    report_uuid: overview.uuid,
  });
  const session = bearer(await tokenFor(app, user));
  const rows = [0, 1, 2, 3, 4].map((i) => validRow(d, i));
  const upload = await injectUpload(app, session, 'data.csv', sectorCsv(headerOf(d), rows));
  expect(upload.json()).toMatchObject({ totalRecordsFailed: 0 });
  expect(await refreshNow(app, session)).toBe('completed');
  const embed = await app.inject({ url: '/api/powerbi/get-powerbi-token?tier=Alpha%2B', headers: session });
  const data = await app.inject({
    url: `/api/embed/reports/${overview.uuid}`,
    headers: bearer(embed.json().accessToken),
  });
  expect(data.statusCode, data.body).toBe(200);
  const answer = data.json() as EmbedReportResponse;
  expect(answer.rowCount).toBeGreaterThan(0);
  return { user, tab, session, answer, organisation: await organisationName(user.organisationId!) };
}

const exportOf = (session: Record<string, string>, id: number, query: string) =>
  app.inject({ url: `/api/reports/${id}/export?${query}`, headers: session });

/** A chart's table rows as the page reads them: the point's label, then each value formatted. */
const readRows = (chart: ReportChart) =>
  chart.rows.map((r) => [
    monthLabel(r.label),
    ...chart.series.map((s, i) => formatValue(r.values[i] ?? null, s.format)),
  ]);

/** Whether `lines` hold `run` as consecutive lines. */
const holdsRun = (lines: string[], run: string[]) =>
  lines.some((_, i) => run.every((cell, j) => lines[i + j] === cell));

describe.each(SECTOR_DECLARATIONS.map((d) => [d.industry, d] as const))('%s overview', (_, d) => {
  it('exports as PDF, XLSX, CSV and PNG with the figures of its answer', async () => {
    const m = await member(d);
    const { view } = m.answer;
    expect(view.charts.filter((c) => c.rows.length > 0).length).toBeGreaterThan(0);
    const fileName = (ext: string) => `filename="${m.tab.report_type} ${today()}.${ext}"`;

    const pdf = await exportOf(m.session, m.tab.id, 'format=pdf');
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(fileName('pdf'));
    const lines = (await pdfPages(pdf.rawPayload)).join('\n').split('\n');
    expect(lines).toContain(m.tab.report_type);
    expect(lines).toContain(m.organisation);
    expect(lines.some((l) => l.startsWith('Data as of '))).toBe(true);
    for (const kpi of view.kpis)
      expect(holdsRun(lines, [kpi.label, formatValue(kpi.value, kpi.format)]), kpi.key).toBe(true);
    for (const chart of view.charts) {
      expect(lines, chart.key).toContain(chart.title);
      expect(holdsRun(lines, [chart.dimension.label, ...chart.series.map((s) => s.label)]), chart.key).toBe(
        true,
      );
      for (const row of readRows(chart)) expect(holdsRun(lines, row), `${chart.key}: ${row}`).toBe(true);
    }

    const xlsx = await exportOf(m.session, m.tab.id, 'format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers['content-disposition']).toContain(fileName('xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const [summary, ...sheets] = book.worksheets;
    expect(summary!.name).toBe('Summary');
    const figures = new Map<string, unknown>();
    summary!.eachRow((row) => figures.set(String(row.getCell(1).value), row.getCell(2).value));
    for (const kpi of view.kpis) expect(figures.get(kpi.label), kpi.key).toEqual(kpi.value);
    expect(sheets).toHaveLength(view.charts.length);
    view.charts.forEach((chart, c) => {
      const sheet = sheets[c]!;
      const cells = sheet
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1));
      expect(cells[0]).toEqual([chart.dimension.label, ...chart.series.map((s) => s.label)]);
      expect(cells.slice(1).map((row) => chart.series.map((_, i) => row[i + 1] ?? null))).toEqual(
        chart.rows.map((r) => r.values),
      );
      expect(cells.slice(1).map((row) => row[0])).toEqual(chart.rows.map((r) => monthLabel(r.label)));
    });

    const chart = view.charts[0]!;
    const csv = await exportOf(m.session, m.tab.id, `format=csv&chart=${chart.key}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(fileName('csv'));
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      [chart.dimension.label, ...chart.series.map((s) => s.label)].join(','),
      ...chart.rows.map((r) =>
        [monthLabel(r.label), ...r.values.map((v) => (v === null ? '' : String(v)))].join(','),
      ),
      '',
    ]);

    const png = await exportOf(m.session, m.tab.id, `format=png&chart=${chart.key}`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toContain(fileName('png'));
    expect(png.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect([png.rawPayload.readUInt32BE(16), png.rawPayload.readUInt32BE(20)]).toEqual([1280, 720]);
  }, 90_000);
});

describe('who may export what', () => {
  it('lets a viewer export, and answers 404 for another organisation’s tab', async () => {
    const owner = await createUser(db);
    const tab = await createReport(db, owner.id, {
      report_uuid: sectorOverview(SECTOR_DECLARATIONS[0]!).uuid,
    });
    const viewer = await createUser(db, { organisation: false });
    await addMember(db, owner.organisationId!, viewer.id, 'viewer');
    const res = await exportOf(bearer(await tokenFor(app, viewer)), tab.id, 'format=pdf');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const outsider = bearer(await tokenFor(app, await createUser(db)));
    const other = await exportOf(outsider, tab.id, 'format=pdf');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Report not found');
  }, 60_000);

  it('answers 400 for an unknown format or chart, a chart format without a chart, and a tab that is no built-in report', async () => {
    const owner = await createUser(db);
    const session = bearer(await tokenFor(app, owner));
    const overview = sectorOverview(SECTOR_DECLARATIONS[0]!);
    const tab = await createReport(db, owner.id, { report_uuid: overview.uuid });
    const cases: [string, string][] = [
      ['format=docx', 'Format must be pdf, xlsx, csv or png'],
      ['format=csv', EXPORT_MESSAGES.chartRequired],
      ['format=png', EXPORT_MESSAGES.chartRequired],
      ['format=csv&chart=no_such_chart', EXPORT_MESSAGES.chartNotFound],
      ['format=png&chart=no_such_chart', EXPORT_MESSAGES.chartNotFound],
      ['format=csv&chart=..%2F', 'Chart must be a chart key'],
    ];
    for (const [query, message] of cases) {
      const res = await exportOf(session, tab.id, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
    const typedIn = await createReport(db, owner.id, { report_uuid: 'not-a-template' });
    const res = await exportOf(session, typedIn.id, 'format=pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(EXPORT_MESSAGES.notExportable);
  });

  it('runs at most EXPORT_WORKERS exports at once: one more is answered 503 with Retry-After', async () => {
    const owner = await createUser(db);
    const session = bearer(await tokenFor(app, owner));
    const tab = await createReport(db, owner.id, {
      report_uuid: sectorOverview(SECTOR_DECLARATIONS[0]!).uuid,
    });
    const answers = await Promise.all([
      exportOf(session, tab.id, 'format=pdf'),
      exportOf(session, tab.id, 'format=xlsx'),
    ]);
    const busy = answers.find((r) => r.statusCode === 503)!;
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 503]);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json().message).toBe(EXPORT_MESSAGES.busy);
    // The slot is free again once the export has ended.
    expect((await exportOf(session, tab.id, 'format=xlsx')).statusCode).toBe(200);
  }, 60_000);
});
