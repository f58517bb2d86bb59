import { gzipSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';
import { HEADER, injectUpload } from '../helpers/multipart';

// The upload's worker threads run the build, as in the product (helpers/built-workers.ts).
vi.mock('../../src/lib/worker', () => import('../helpers/built-workers'));

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await tokenFor(t.app, await createUser(t.db));
});

const upload = (name: string, content: Buffer) => injectUpload(t.app, bearer(token), name, content);

const ROWS: unknown[][] = [
  ['X1', 'Asha', 'Female', 'Grade 9', 'Yes', 91, new Date(Date.UTC(2025, 5, 15))],
  ['X2', 'Ravi', 'M', 'Grade 9', 'No', 64.5, new Date(Date.UTC(2024, 0, 31))],
  ['X3', '=1+2', 'Other', 'Grade 9', 'Yes', 10, null],
];

async function xlsxBuffer(rows = ROWS): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(HEADER.split(',').map((h) => h.toUpperCase().replace('_', ' ')));
  for (const r of rows) sheet.addRow(r);
  sheet.getColumn(7).numFmt = 'dd/mm/yyyy';
  return Buffer.from(await book.xlsx.writeBuffer());
}

function xlsBuffer(rows = ROWS): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([HEADER.split(','), ...rows], {
    cellDates: true,
    UTC: true,
  } as never);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Data');
  return XLSX.write(book, { type: 'buffer', bookType: 'xls', cellDates: true }) as Buffer;
}

async function dates(uploadId: number) {
  const { rows } = await t.db.query<{ student_id: string; d: string | null }>(
    "SELECT student_id, to_char(enrolled_on, 'YYYY-MM-DD') AS d FROM dataset_rows WHERE upload_id = $1 ORDER BY student_id",
    [uploadId],
  );
  return rows;
}

describe('spreadsheet uploads', () => {
  it('reads .xlsx with dates as dates and writes the rejected rows as .xlsx, formulas neutralised', async () => {
    const res = await upload('class.xlsx', await xlsxBuffer());
    expect(res.statusCode, res.body).toBe(200);
    const { uploadId, ...stats } = res.json();
    expect(stats).toMatchObject({ totalRowsProcessed: 3, totalRecordsInserted: 2, totalRecordsFailed: 1 });
    expect(await dates(uploadId)).toEqual([
      { student_id: 'X1', d: '2025-06-15' },
      { student_id: 'X2', d: '2024-01-31' },
    ]);
    const rejected = await t.app.inject({
      url: `/api/server/uploads/${uploadId}/rejected`,
      headers: bearer(token),
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(rejected.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(8).value).toBe('error');
    expect(sheet.getRow(2).getCell(1).value).toBe('X3');
    expect(sheet.getRow(2).getCell(2).value).toBe("'=1+2");
    expect(String(sheet.getRow(2).getCell(8).value)).toContain('gender "Other" is not one of Female, Male');
  });

  it('reads .xls (BIFF8) with dates as dates and writes the rejected rows as .xls', async () => {
    const res = await upload('legacy.xls', xlsBuffer());
    expect(res.statusCode, res.body).toBe(200);
    const { uploadId, totalRecordsInserted, totalRecordsFailed } = res.json();
    expect([totalRecordsInserted, totalRecordsFailed]).toEqual([2, 1]);
    expect(await dates(uploadId)).toEqual([
      { student_id: 'X1', d: '2025-06-15' },
      { student_id: 'X2', d: '2024-01-31' },
    ]);
    const rejected = await t.app.inject({
      url: `/api/server/uploads/${uploadId}/rejected`,
      headers: bearer(token),
    });
    expect(rejected.statusCode).toBe(200);
    const book = XLSX.read(rejected.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]!.at(-1)).toBe('error');
    expect(rows[1]![1]).toBe("'=1+2");
  });

  it('rejects a zip bomb before parsing it', async () => {
    // A "workbook" whose one part inflates 64 MiB of zeros from a few hundred KiB.
    const res = await upload('bomb.xlsx', zipWith('xl/workbook.xml', Buffer.alloc(64 * 1024 * 1024)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/zip bomb|too large when uncompressed/);
  });

  it('rejects a zip that is not a workbook, a damaged xlsx, and an xls that is not one', async () => {
    const notBook = await upload('doc.xlsx', zipWith('word/document.xml', Buffer.from('<w/>')));
    expect(notBook.statusCode).toBe(400);
    expect(notBook.json().message).toBe('The file is a zip archive but not an .xlsx workbook');
    const damaged = await upload(
      'bad.xlsx',
      Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(100, 7)]),
    );
    expect(damaged.statusCode).toBe(400);
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600, 1)]);
    const badXls = await upload('bad.xls', ole);
    expect(badXls.statusCode).toBe(400);
    const xlsxNamedXls = await upload('book.xls', await xlsxBuffer());
    expect(xlsxNamedXls.statusCode).toBe(415);
  });

  it('serves the templates: CSV, and XLSX with drop-downs, an example row and instructions', async () => {
    const csv = await t.app.inject({ url: '/api/server/template.csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe(HEADER);
    const xlsx = await t.app.inject({ url: '/api/server/template.xlsx' });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const data = book.getWorksheet('Data')!;
    expect(data.getRow(2).getCell(1).value).toBe('STU-0001');
    expect(data.getCell('C5').dataValidation).toMatchObject({ type: 'list', formulae: ['"Female,Male"'] });
    expect(data.getCell('E5').dataValidation).toMatchObject({ type: 'list', formulae: ['"Yes,No"'] });
    expect(book.getWorksheet('Instructions')!.getRow(2).getCell(1).value).toBe('student_id');
    // The template itself uploads cleanly.
    const res = await upload('template.xlsx', xlsx.rawPayload);
    expect(res.json()).toMatchObject({ totalRecordsInserted: 1, totalRecordsFailed: 0 });
  });
});

/** A one-entry zip (deflate) with `content` under `name`. */
function zipWith(name: string, content: Buffer): Buffer {
  // A gzip member is the deflate stream between a 10-byte header and a trailer that starts with the CRC-32.
  const gz = gzipSync(content, { level: 9 });
  const data = gz.subarray(10, gz.length - 8);
  const nameBuf = Buffer.from(name);
  const crc = gz.readUInt32LE(gz.length - 8);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBuf.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBuf.length, 28);
  const centralOffset = 30 + nameBuf.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + nameBuf.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, nameBuf, data, central, nameBuf, end]);
}
