import { SECTOR_DECLARATIONS, type SectorDeclaration } from '@insightra/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';
import { injectUpload } from '../helpers/multipart';
import { headerOf, invalidRows, sectorCsv, sectorIdOf, spelledRow, validRow } from '../helpers/sector-rows';

// The upload's worker threads run the build, as in the product (helpers/built-workers.ts).
vi.mock('../../src/lib/worker', () => import('../helpers/built-workers'));

/** Every sector's upload through the same tests, on one app: validation, rejected rows, templates, purge, hostile files. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe.each(SECTOR_DECLARATIONS.map((d) => [d.industry, d] as const))(
  '%s uploads',
  (_, d: SectorDeclaration) => {
    let token: string;
    let userId: number;
    const header = headerOf(d);
    const key = d.upload.rowKey;
    const q = (name: string) => `"${name}"`;

    beforeAll(async () => {
      const user = await createUser(t.db, { sectorId: sectorIdOf(d) });
      userId = user.id;
      token = await tokenFor(t.app, user);
    });

    const upload = (name: string, content: Buffer | string) =>
      injectUpload(t.app, bearer(token), name, content);

    const download = (url: string) => t.app.inject({ url, headers: bearer(token) });

    it("stores accepted rows in its sector's table and rejects bad ones with reasons naming column and value", async () => {
      const spelled = spelledRow(d, 1);
      const invalid = invalidRows(d, 2);
      const rows = [validRow(d, 0), spelled.row, ...invalid.map((r) => r.row), validRow(d, 0)];
      const res = await upload('mixed.csv', sectorCsv(header, rows));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        totalRowsProcessed: rows.length,
        totalRecordsInserted: 2,
        totalRecordsFailed: rows.length - 2,
      });
      const uploadId = res.json().uploadId;
      const { rows: stored } = await t.db.query<Record<string, string | null>>(
        `SELECT ${header.map((h) => `${q(h)}::text`).join(', ')} FROM ${d.table} WHERE upload_id = $1 AND organisation_id = (SELECT default_organisation_id FROM users WHERE id = $2)`,
        [uploadId, userId],
      );
      expect(stored).toHaveLength(2);
      const first = d.upload.rowKey[0]!;
      const other = stored.find((r) => r[first] === spelled.stored[first])!;
      for (const c of d.upload.columns) {
        const want = spelled.stored[c.name]!;
        if (c.kind.type === 'number') expect(Number(other[c.name]), c.name).toBe(Number(want));
        else expect(other[c.name], c.name).toBe(want);
      }

      const rejected = await download(`/api/server/uploads/${uploadId}/rejected`);
      expect(rejected.statusCode).toBe(200);
      const text = rejected.body.replace(/^\uFEFF/, '').replaceAll('""', '"');
      const lines = text.trim().split(/\r\n/);
      expect(lines[0]).toBe([...header, 'error'].join(','));
      expect(lines).toHaveLength(rows.length - 1);
      for (const { message } of invalid) expect(text).toContain(message);
      expect(text).toContain(`${key.join(', ')} "`);
      expect(text).toContain('is a duplicate of an earlier row in this file');
    });

    it("serves the member's sector's templates, CSV and XLSX with drop-downs, and the XLSX uploads cleanly", async () => {
      const csv = await download('/api/server/template.csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.body.split('\r\n')[0]).toBe(header.join(','));
      expect(csv.body.split('\r\n')[1]).toBe(
        sectorCsv(header, [d.upload.columns.map((c) => c.example)]).split('\n')[1],
      );
      const xlsx = await download('/api/server/template.xlsx');
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as never);
      const data = book.getWorksheet('Data')!;
      expect((data.getRow(1).values as unknown[]).slice(1)).toEqual(header);
      d.upload.columns.forEach((c, i) => {
        if (c.kind.type !== 'enum') return;
        expect(data.getRow(5).getCell(i + 1).dataValidation).toMatchObject({
          type: 'list',
          formulae: [`"${c.kind.values.map((v) => v.value).join(',')}"`],
        });
      });
      expect(book.getWorksheet('Instructions')!.getRow(2).getCell(1).value).toBe(header[0]);
      const res = await upload('template.xlsx', xlsx.rawPayload);
      expect(res.json()).toMatchObject({ totalRecordsInserted: 1, totalRecordsFailed: 0 });
    });

    it('keeps one current row per row key: a newer upload replaces it, purge brings the earlier one back', async () => {
      // A non-key column whose value can change: text, else the last number (free of cross-column rules).
      const col = d.upload.columns.findIndex((c) => !key.includes(c.name) && c.kind.type === 'text');
      const num = d.upload.columns.findLastIndex((c) => !key.includes(c.name) && c.kind.type === 'number');
      const changed = col >= 0 ? col : num;
      const name = d.upload.columns[changed]!.name;
      const v1 = validRow(d, 500);
      const v2 = [...v1];
      v2[changed] = col >= 0 ? 'Changed' : '1';
      const a = await upload('v1.csv', sectorCsv(header, [v1]));
      const b = await upload('v2.csv', sectorCsv(header, [v2]));
      const c = await upload('v2.csv', sectorCsv(header, [v2]));
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
      const current = async () => {
        const { rows } = await t.db.query<Record<string, string>>(
          `SELECT DISTINCT ON (${key.map((k) => `r.${q(k)}`).join(', ')}) r.${q(name)}::text AS v
           FROM ${d.table} r JOIN upload_logs u ON u.id = r.upload_id AND u.status <> 0
          WHERE r.organisation_id = (SELECT default_organisation_id FROM users WHERE id = $1) AND r.${q(key[0]!)}::text = $2
          ORDER BY ${key.map((k) => `r.${q(k)}`).join(', ')}, r.upload_id DESC`,
          [userId, v1[d.upload.columns.findIndex((x) => x.name === key[0])]],
        );
        return rows.map((r) => r.v);
      };
      const value = (v: string | undefined) => (num === changed ? Number(v) : v);
      expect((await current()).map(value)).toEqual([value(v2[changed])]);
      const purge = await t.app.inject({
        method: 'DELETE',
        url: `/api/server/uploads/${b.json().uploadId},${c.json().uploadId}`,
        headers: bearer(token),
      });
      expect(purge.json()).toMatchObject({ success: true, deletedCount: 2 });
      expect((await current()).map(value)).toEqual([value(v1[changed])]);
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${d.table} WHERE upload_id = ANY($1::int[])`,
        [[b.json().uploadId, c.json().uploadId]],
      );
      expect(rows[0]!.n).toBe(0);
    });

    it('refuses hostile files: a renamed binary, a missing required column; formulas neutralised', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
      expect((await upload('photo.csv', png)).statusCode).toBe(415);
      const lastRequired = d.upload.columns.filter((c) => c.required).at(-1)!;
      const without = header.filter((h) => h !== lastRequired.name);
      const missing = await upload('missing.csv', sectorCsv(without, []));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(`Missing required column: ${lastRequired.name}`);

      const text = d.upload.columns.findIndex((c) => c.kind.type === 'text');
      const row = validRow(d, 900);
      row[text] = '=HYPERLINK("http://x")';
      row[header.indexOf(lastRequired.name)] = '';
      const res = await upload('formula.csv', sectorCsv(header, [row]));
      expect(res.json()).toMatchObject({ totalRecordsFailed: 1 });
      const rejected = await download(`/api/server/uploads/${res.json().uploadId}/rejected`);
      const line = rejected.body.trim().split(/\r\n/)[1]!;
      expect(line).toContain(`'=HYPERLINK`);
      expect(line).not.toMatch(/(^|,)"?=/);
    });
  },
);
