import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderSampleReport } from '../../src/features/sample-report/render';
import { loadDemoFigures } from '../../src/features/sample-report/repository';
import { createTestApp, type TestApp } from '../helpers/app';

/** The text PDFKit writes with its standard fonts: hex strings inside TJ arrays of each inflated content stream. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const streamRe = /stream\r?\n/g;
  for (let m = streamRe.exec(raw); m; m = streamRe.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of body.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(tj[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      out.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return out.join('\n');
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

// One app and database for both tests: the first reads the demo data as migrated, the second then adds to it.
let app: TestApp['app'];
let db: TestApp['db'];
beforeAll(async () => {
  ({ app, db } = await createTestApp());
});

describe('GET /sample-report.pdf', () => {
  it('is a multi-page PDF of the demo figures, identical on every build from the same data', async () => {
    const first = await app.inject({ method: 'GET', url: '/sample-report.pdf' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const pdf = first.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(4);

    // The totals the report must hold, computed independently with SQL.
    const { rows } = await db.query<{ sector: string; total: number; female: number; submitted: number }>(
      `SELECT sector, count(*)::int AS total, (count(*) FILTER (WHERE gender = 'Female'))::int AS female,
              (count(*) FILTER (WHERE project_submitted))::int AS submitted
         FROM demo_students GROUP BY sector`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const text = pdfText(pdf);
    const fmt = (n: number) => new Intl.NumberFormat('en-IN').format(n);
    for (const r of rows) {
      expect(text).toContain(`Total ${r.sector === 'automobile' ? 'trainees' : 'students'}: ${fmt(r.total)}`);
      expect(text).toContain(`Female: ${fmt(r.female)}`);
      expect(text).toContain(fmt(r.submitted));
    }
    const all = rows.reduce((n, r) => n + r.total, 0);
    expect(text).toContain(fmt(all));

    // A second render of the same data, outside the route's cache: same bytes.
    const again = await renderSampleReport(await loadDemoFigures(db), app.config.site.name);
    expect(Buffer.compare(again, pdf)).toBe(0);
    const second = await app.inject({ method: 'GET', url: '/sample-report.pdf' });
    expect(Buffer.compare(second.rawPayload, pdf)).toBe(0);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('follows the data: a new row changes the figures and the bytes', async () => {
    const before = await renderSampleReport(await loadDemoFigures(db), 'Insightra');
    await db.query(
      `INSERT INTO demo_students (sector, student_name, gender, grade, project_submitted, score, enrolled_on)
       VALUES ('retail', 'Test Person', 'Female', 'Level 1', true, 88.5, '2025-06-01')`,
    );
    const after = await renderSampleReport(await loadDemoFigures(db), 'Insightra');
    expect(Buffer.compare(before, after)).not.toBe(0);
    expect(pageCount(after)).toBe(pageCount(before) + 1);
    expect(pdfText(after)).toContain('Total records: 1');
  });
});
