// Reads an uploaded .xlsx or .xls in a worker thread (resource-limited and killed on timeout by the
// parent), so a hostile file can exhaust only this isolate. Started through lib/worker.ts: bundled
// beside server.js by build.mjs, loaded from the sources in tests and development. It writes no file:
// it reads the upload's scratch copy, which the parent owns and removes however the worker ends.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import yauzl from 'yauzl';
import { ZIP_MESSAGES, ZipReader, ZipRefusal } from './xlsx-zip.ts';

const { path, format, limits } = workerData;
const BATCH = 2000;
const MAX_IN_FLIGHT = 4;

class Rejected extends Error {}

let inFlight = 0;
let wake = null;
parentPort.on('message', (msg) => {
  if (msg === 'ack') {
    inFlight--;
    wake?.();
  }
});

async function send(rows) {
  parentPort.postMessage({ type: 'rows', rows });
  inFlight++;
  while (inFlight >= MAX_IN_FLIGHT) await new Promise((r) => (wake = r));
}

const pad = (n) => String(n).padStart(2, '0');
/** Spreadsheet dates carry no zone; both readers give them as UTC wall-clock. */
function dateText(d) {
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const h = d.getUTCHours();
  const m = d.getUTCMinutes();
  const s = d.getUTCSeconds();
  return h || m || s ? `${day} ${pad(h)}:${pad(m)}:${pad(s)}` : day;
}

function cellText(v) {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return dateText(v);
  if (typeof v === 'object') {
    // exceljs: formulas keep their cached result; rich text and hyperlinks their text.
    if ('result' in v) return cellText(v.result);
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return cellText(v.text);
    if ('error' in v) return String(v.error);
    return '';
  }
  return String(v);
}

function openZip(file) {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err ? reject(new Rejected(ZIP_MESSAGES.damaged)) : resolve(zip),
    ),
  );
}

/**
 * The early refusal, from the central directory alone (nothing is inflated): entry count, each entry's
 * declared size, the total and the compression ratio, and the workbook part. The directory may lie or
 * leave entries out; the reader below counts what it really inflates. Returns each entry's compressed
 * size by the offset of its local header (xlsx-zip.ts needs it only for a stored part without sizes).
 */
async function checkDirectory(file) {
  const zip = await openZip(file);
  if (zip.entryCount > limits.maxZipEntries) throw new Rejected(ZIP_MESSAGES.tooManyParts);
  let total = 0;
  let workbook = false;
  const sizes = new Map();
  try {
    await new Promise((resolve, reject) => {
      zip.on('error', () => reject(new Rejected(ZIP_MESSAGES.damaged)));
      zip.on('end', resolve);
      zip.on('entry', (entry) => {
        if (entry.fileName === 'xl/workbook.xml') workbook = true;
        sizes.set(entry.relativeOffsetOfLocalHeader, entry.compressedSize);
        const size = entry.uncompressedSize;
        total += size;
        if (size > limits.maxEntryBytes || total > limits.maxTotalBytes)
          return reject(new Rejected(ZIP_MESSAGES.tooLarge));
        if (size > 1024 * 1024 && size / Math.max(entry.compressedSize, 1) > limits.maxRatio)
          return reject(new Rejected(ZIP_MESSAGES.tooCompressed));
        zip.readEntry();
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (!workbook) throw new Rejected('The file is a zip archive but not an .xlsx workbook');
  return sizes;
}

const WORKSHEET = /xl\/worksheets\/sheet(\d+)[.]xml/;

/**
 * ExcelJS's streaming workbook reader, reading the parts through xlsx-zip.ts instead of its own unzip:
 * the same parts, in the same order (the local headers', front to back), handed to ExcelJS's own part
 * parsers, but every byte inflated is counted against the limits as it streams, and nothing goes to
 * disk. ExcelJS writes a worksheet met before the shared strings to a temporary file to read it at the
 * end; here the first such worksheet is inflated (and counted) to its end once, so that a bomb is
 * refused before its rows are parsed, and inflated again from the upload's own file at the end. Later
 * worksheets are never read (only the first is), as before.
 */
const countingReader = (ExcelJS, storedSizes) =>
  class extends ExcelJS.stream.xlsx.WorkbookReader {
    async *parse() {
      const zip = await ZipReader.open(this.input, limits, storedSizes);
      let waiting = null;
      try {
        for (let part = await zip.next(); part; part = await zip.next()) {
          switch (part.name) {
            case 'xl/_rels/workbook.xml.rels':
              await this._parseRels(part.stream());
              break;
            case 'xl/workbook.xml':
              await this._parseWorkbook(part.stream());
              break;
            case 'xl/sharedStrings.xml':
              yield* this._parseSharedStrings(part.stream());
              break;
            case 'xl/styles.xml':
              await this._parseStyles(part.stream());
              break;
            default: {
              const sheetNo = WORKSHEET.exec(part.name)?.[1];
              if (!sheetNo) break;
              if (this.sharedStrings && this.workbookRels)
                yield* this._parseWorksheet(part.chunks(), sheetNo);
              else if (!waiting) {
                await part.drain();
                waiting = { sheetNo, at: part.location() };
              }
            }
          }
        }
        if (waiting) yield* this._parseWorksheet(zip.reread(waiting.at).chunks(), waiting.sheetNo);
      } finally {
        await zip.close();
      }
    }
  };

async function readXlsx(file) {
  const storedSizes = await checkDirectory(file);
  const { default: ExcelJS } = await import('exceljs');
  const WorkbookReader = countingReader(ExcelJS, storedSizes);
  const reader = new WorkbookReader(file, {
    sharedStrings: 'cache',
    styles: 'cache', // needed to tell a date cell from a number
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let batch = [];
  let rows = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = row.values;
      const cells = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
      batch.push(cells);
      if (++rows > limits.maxRows) throw new Rejected(`The spreadsheet has more than ${limits.maxRows} rows`);
      if (batch.length >= BATCH) {
        await send(batch);
        batch = [];
      }
    }
    break; // the first worksheet only
  }
  if (batch.length) await send(batch);
}

async function readXls(file) {
  const XLSX = await import('@e965/xlsx');
  let book;
  try {
    book = XLSX.read(readFileSync(file), {
      type: 'buffer',
      cellDates: true,
      dense: true,
      sheets: 0,
      sheetRows: limits.maxRows + 1,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      UTC: true,
    });
  } catch {
    throw new Rejected('The .xls file is not a valid spreadsheet');
  }
  const sheet = book.Sheets[book.SheetNames[0]];
  if (!sheet) throw new Rejected('The .xls file has no worksheet');
  const rows = XLSX.utils.sheet_to_json(sheet, {
    header: 1,
    raw: true,
    defval: '',
    blankrows: true,
    UTC: true,
  });
  for (let i = 0; i < rows.length; i += BATCH)
    await send(rows.slice(i, i + BATCH).map((r) => r.map(cellText)));
}

try {
  await (format === 'xlsx' ? readXlsx(path) : readXls(path));
  parentPort.postMessage({ type: 'done' });
} catch (err) {
  const refused = err instanceof Rejected || err instanceof ZipRefusal;
  const message = refused ? err.message : `The .${format} file could not be read as a spreadsheet`;
  parentPort.postMessage({
    type: 'error',
    message,
    detail: refused ? undefined : String(err?.message ?? err),
  });
}
