import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scratchRoot } from '../../src/features/uploads/receive';
import { spreadsheetBatches } from '../../src/features/uploads/spreadsheet-source';
import { SPREADSHEET_LIMITS } from '../../src/features/uploads/types';
import { ZIP_MESSAGES } from '../../src/features/uploads/xlsx-zip';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';
import { studentRows } from '../helpers/http-upload';
import { HEADER, injectUpload } from '../helpers/multipart';

// The upload's worker threads run the build, as in the product (helpers/built-workers.ts).
vi.mock('../../src/lib/worker', () => import('../helpers/built-workers'));

/*
 * An .xlsx is read through its local headers, as they stream, so its central directory proves nothing
 * about what is inflated: the reader counts what it really inflates, and writes nothing to the system's
 * temporary folder. The worker threads of this file get a temporary folder of their own (TMPDIR, which
 * a worker copies from the environment when it starts), watched through each upload.
 */

const MAX_MB = 16;
const MiB = 1024 * 1024;

let t: TestApp;
let token: string;
let tmp: string;
let work: string;
const tmpBefore = process.env.TMPDIR;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_MB: String(MAX_MB) });
  token = await tokenFor(t.app, await createUser(t.db));
  work = mkdtempSync(path.join(os.tmpdir(), 'insightra-xlsx-work-'));
  tmp = mkdtempSync(path.join(os.tmpdir(), 'insightra-xlsx-tmp-'));
  process.env.TMPDIR = tmp;
});

afterAll(() => {
  if (tmpBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpBefore;
  rmSync(tmp, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

/** Bytes of the files under `dir` (files may come and go while it is walked). */
function bytesUnder(dir: string): number {
  let total = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const s = statSync(file);
      total += s.isDirectory() ? bytesUnder(file) : s.size;
    } catch {
      // removed meanwhile
    }
  }
  return total;
}

/** The files of an upload: the workers' temporary folder and the app's scratch folder. */
const usage = () => ({ tmp: bytesUnder(tmp), scratch: bytesUnder(scratchRoot(t.config)) });

/** Runs `fn`, sampling `usage` every few milliseconds; the largest of each, and what is left after. */
async function watched<T>(fn: () => Promise<T>) {
  expect(usage()).toEqual({ tmp: 0, scratch: 0 });
  const peak = { tmp: 0, scratch: 0 };
  const sample = () => {
    const u = usage();
    peak.tmp = Math.max(peak.tmp, u.tmp);
    peak.scratch = Math.max(peak.scratch, u.scratch);
  };
  const timer = setInterval(sample, 5);
  try {
    const result = await fn();
    sample();
    return { result, peak, after: usage() };
  } finally {
    clearInterval(timer);
  }
}

const upload = (name: string, content: Buffer) => injectUpload(t.app, bearer(token), name, content);

// ---- Zip files written by hand ----------------------------------------------------------------------

interface Part {
  name: string;
  content?: string | Buffer;
  /** Raw deflate data and what it inflates to, when not `content` deflated. */
  deflated?: { data: Buffer; size: number };
  /** Stored, not deflated. */
  stored?: boolean;
  /** The sizes follow the data (general purpose bit 3) instead of standing in the local header. */
  descriptor?: boolean;
  /** false: a local entry the central directory leaves out. */
  listed?: boolean;
  /** The uncompressed size the local header claims, and the one the central directory claims. */
  localSize?: number;
  directorySize?: number;
}

function zip(parts: Part[]): Buffer {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  let listed = 0;
  for (const p of parts) {
    const content = p.content === undefined ? null : Buffer.from(p.content);
    const data = p.deflated?.data ?? (p.stored ? content! : deflateRawSync(content!));
    const method = p.stored ? 0 : 8;
    const size = p.deflated?.size ?? content!.length;
    const crc = content ? crc32(content) : 0;
    const name = Buffer.from(p.name);
    const flags = p.descriptor ? 0x8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    if (!p.descriptor) {
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(data.length, 18);
      local.writeUInt32LE(p.localSize ?? size, 22);
    }
    local.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(p.descriptor ? 16 : 0);
    if (p.descriptor) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(data.length, 8);
      descriptor.writeUInt32LE(p.localSize ?? size, 12);
    }
    if (p.listed !== false) {
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(20, 4);
      c.writeUInt16LE(20, 6);
      c.writeUInt16LE(flags, 8);
      c.writeUInt16LE(method, 10);
      c.writeUInt32LE(crc, 16);
      c.writeUInt32LE(data.length, 20);
      c.writeUInt32LE(p.directorySize ?? size, 24);
      c.writeUInt16LE(name.length, 28);
      c.writeUInt32LE(offset, 42);
      central.push(c, name);
      listed++;
    }
    out.push(local, name, data, descriptor);
    offset += local.length + name.length + data.length + descriptor.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}

/**
 * `prefix`, then `block` `times` over, as raw deflate data made without inflating it all: each block
 * is compressed once, flushed so that it stands alone, and repeated.
 */
function repeated(prefix: string, block: Buffer, times: number) {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const body = deflateRawSync(block, flush);
  const data = Buffer.concat([
    deflateRawSync(prefix, flush),
    ...Array<Buffer>(times).fill(body),
    deflateRawSync(Buffer.alloc(0)),
  ]);
  return { data, size: prefix.length + block.length * times };
}

/** 1 MiB of spaces with a letter every 512 bytes: it compresses about 160 times, under the ratio bound. */
function looseBlock(): Buffer {
  const block = Buffer.alloc(MiB, ' ');
  let seed = 1;
  for (let i = 0; i < block.length; i += 512) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    block[i] = 0x61 + (seed % 26);
  }
  return block;
}

const SHEET_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
/** Inflates past the per-part bound (512 MiB) from about 3.5 MB, compressed under the ratio bound. */
const sizeBomb = () => repeated(SHEET_XML, looseBlock(), 520);
/** Elements the worksheet parser passes over, 1000 times smaller compressed: past the ratio bound. */
const ratioBomb = () => repeated(SHEET_XML, Buffer.from(`<x>${' '.repeat(1017)}</x>`.repeat(1024)), 100);

const workbookParts = (): Part[] => [
  {
    name: '[Content_Types].xml',
    content:
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
  },
  {
    name: 'xl/workbook.xml',
    content:
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>',
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    content:
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  },
];
const SHARED_STRINGS: Part = {
  name: 'xl/sharedStrings.xml',
  content:
    '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"></sst>',
};
const SHEET = 'xl/worksheets/sheet1.xml';

/** A worksheet of inline strings. */
function sheetXml(lines: string[]): string {
  const cell = (v: string, col: number, row: number) =>
    `<c r="${String.fromCharCode(65 + col)}${row}" t="inlineStr"><is><t>${v}</t></is></c>`;
  const rows = lines.map(
    (l, i) =>
      `<row r="${i + 1}">${l
        .split(',')
        .map((v, c) => cell(v, c, i + 1))
        .join('')}</row>`,
  );
  return `${SHEET_XML}<sheetData>${rows.join('')}</sheetData></worksheet>`;
}

/** A workbook whose worksheet comes before its shared strings (as Excel and streaming writers put it). */
async function streamedXlsx(header: string, rows: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: true,
    useStyles: true,
  });
  const sheet = book.addWorksheet('Data');
  sheet.addRow(header.split(',')).commit();
  for (const line of rows.trim().split('\n')) sheet.addRow(line.split(',')).commit();
  await book.commit();
  return Buffer.concat(chunks);
}

// -----------------------------------------------------------------------------------------------------

describe('.xlsx parts are bounded by what is inflated, not by what the zip claims', () => {
  const refusedCases: [string, () => Part, string][] = [
    [
      'a worksheet the central directory leaves out, its size only in its local header',
      () => ({ name: SHEET, deflated: sizeBomb(), listed: false }),
      ZIP_MESSAGES.tooLarge,
    ],
    [
      'a worksheet the central directory leaves out, its sizes after its data (known only by inflating it)',
      () => ({ name: SHEET, deflated: sizeBomb(), listed: false, descriptor: true }),
      ZIP_MESSAGES.tooLarge,
    ],
    [
      'a worksheet whose directory entry understates its size, its sizes after its data',
      () => ({ name: SHEET, deflated: sizeBomb(), descriptor: true, directorySize: 1000 }),
      ZIP_MESSAGES.tooLarge,
    ],
    [
      'a worksheet whose directory entry and local header both understate its size',
      () => ({ name: SHEET, deflated: sizeBomb(), directorySize: 1000, localSize: 1000 }),
      ZIP_MESSAGES.partDamaged,
    ],
  ];

  for (const [what, bomb, message] of refusedCases) {
    it(`refuses ${what} (400) and leaves no temporary file`, { timeout: 60_000 }, async () => {
      const file = zip([...workbookParts(), bomb(), SHARED_STRINGS]);
      expect(file.length).toBeLessThan(MAX_MB * MiB);
      const { result: res, peak, after } = await watched(() => upload('bomb.xlsx', file));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
      expect(peak.tmp).toBe(0);
      expect(peak.scratch).toBeLessThanOrEqual(2 * MAX_MB * MiB);
      expect(after).toEqual({ tmp: 0, scratch: 0 });
    });
  }

  it('bounds the total: parts nobody reads are inflated (and counted) when only that finds their end', {
    timeout: 60_000,
  }, async () => {
    const hidden = (n: number): Part => ({
      name: `xl/media/image${n}.bin`,
      deflated: repeated('', looseBlock(), 400),
      descriptor: true,
      listed: false,
    });
    const file = zip([...workbookParts(), hidden(1), hidden(2), hidden(3), SHARED_STRINGS]);
    expect(file.length).toBeLessThan(MAX_MB * MiB);
    const { result: res, after } = await watched(() => upload('parts.xlsx', file));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: ZIP_MESSAGES.tooLarge });
    expect(after).toEqual({ tmp: 0, scratch: 0 });
  });

  it('reads parts stored or deflated, with their sizes before or after their data', async () => {
    const lines = [HEADER, ...studentRows(0, 5, 'Z').trim().split('\n')];
    // Stored with its sizes after its data, a part's end is found through the central directory.
    const parts = workbookParts().map((p, i) => ({ ...p, stored: i % 2 === 0, descriptor: i > 0 }));
    for (const descriptor of [false, true]) {
      const sheet = { name: SHEET, content: sheetXml(lines), descriptor };
      const res = await upload('mixed.xlsx', zip([...parts, sheet, { ...SHARED_STRINGS, stored: true }]));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ totalRowsProcessed: 5, totalRecordsInserted: 5 });
    }
  });

  it('stops a ratio bomb streamed straight into the worksheet parser, the directory not listing it', {
    timeout: 60_000,
  }, async () => {
    // After the shared strings and the relationships, a worksheet is parsed as it inflates.
    const file = zip([
      ...workbookParts(),
      SHARED_STRINGS,
      { name: SHEET, deflated: ratioBomb(), listed: false },
    ]);
    const { result: res, after } = await watched(() => upload('ratio.xlsx', file));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: ZIP_MESSAGES.tooCompressed });
    expect(after).toEqual({ tmp: 0, scratch: 0 });
  });

  it('reads a worksheet stored before its shared strings without a temporary file, whatever the outcome', {
    timeout: 60_000,
  }, async () => {
    const rows = studentRows(0, 3000, 'T');
    const ok = await watched(async () => upload('streamed.xlsx', await streamedXlsx(HEADER, rows)));
    expect(ok.result.statusCode, ok.result.body).toBe(200);
    expect(ok.result.json()).toMatchObject({ totalRowsProcessed: 3000, totalRecordsInserted: 3000 });
    expect(ok.peak.tmp).toBe(0);
    expect(ok.after).toEqual({ tmp: 0, scratch: 0 });

    // Refused while the worker still has rows to give (a missing column): the worker is stopped.
    const without = HEADER.split(',').slice(1).join(',');
    const cut = rows.replace(/^[^,\n]*,/gm, '');
    const missing = await watched(async () => upload('missing.xlsx', await streamedXlsx(without, cut)));
    expect(missing.result.statusCode).toBe(400);
    expect(missing.result.json().message).toMatch(/^Missing required column/);
    expect(missing.peak.tmp).toBe(0);
    expect(missing.after).toEqual({ tmp: 0, scratch: 0 });
  });

  it('leaves no temporary file when the reader is stopped early or killed at its deadline', {
    timeout: 60_000,
  }, async () => {
    const file = path.join(work, 'many.xlsx');
    writeFileSync(file, await streamedXlsx(HEADER, studentRows(0, 30_000, 'K')));

    // The consumer stops after the first batch (as an upload that fails mid-way): the worker is terminated.
    const early = await watched(async () => {
      for await (const batch of spreadsheetBatches(file, 'xlsx')) return batch.length;
      return 0;
    });
    expect(early.result).toBeGreaterThan(0);
    expect(early.peak.tmp).toBe(0);
    expect(early.after.tmp).toBe(0);

    // The deadline passes while the worker reads: it is terminated from the parent.
    const late = await watched(async () => {
      try {
        for await (const _ of spreadsheetBatches(file, 'xlsx', { ...SPREADSHEET_LIMITS, timeoutMs: 50 }));
        return 'finished';
      } catch (err) {
        return (err as Error).message;
      }
    });
    expect(late.result).toBe('The .xlsx file took too long to read');
    expect(late.peak.tmp).toBe(0);
    expect(late.after.tmp).toBe(0);
  });
});
