// Reads an uploaded .xlsx or .xls in a worker thread (resource-limited and killed on timeout by the
// parent), so a hostile file can exhaust only this isolate. Started through lib/worker.ts: bundled
// beside server.js by build.mjs, loaded from the sources in tests and development.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import yauzl from 'yauzl';

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
      err
        ? reject(new Rejected('The .xlsx file is not a valid spreadsheet (its zip structure is damaged)'))
        : resolve(zip),
    ),
  );
}

/** Zip-bomb checks: entry count, each entry's size, the total and the compression ratio, then a real inflate. */
async function checkZip(file) {
  const zip = await openZip(file);
  if (zip.entryCount > limits.maxZipEntries) throw new Rejected('The .xlsx file has too many parts');
  let total = 0;
  let workbook = false;
  try {
    await new Promise((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry) => {
        if (entry.fileName === 'xl/workbook.xml') workbook = true;
        const size = entry.uncompressedSize;
        total += size;
        if (size > limits.maxEntryBytes || total > limits.maxTotalBytes)
          return reject(new Rejected('The .xlsx file is too large when uncompressed'));
        if (size > 1024 * 1024 && size / Math.max(entry.compressedSize, 1) > limits.maxRatio)
          return reject(new Rejected('The .xlsx file is compressed suspiciously well (a possible zip bomb)'));
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        // Inflate it for real: yauzl errors when the data does not match the declared size.
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(new Rejected('The .xlsx file is not a valid spreadsheet'));
          stream.on('data', () => {});
          stream.on('error', () =>
            reject(new Rejected('The .xlsx file is not a valid spreadsheet (a part is damaged)')),
          );
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (!workbook) throw new Rejected('The file is a zip archive but not an .xlsx workbook');
}

async function readXlsx(file) {
  await checkZip(file);
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
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
  const message =
    err instanceof Rejected ? err.message : `The .${format} file could not be read as a spreadsheet`;
  parentPort.postMessage({
    type: 'error',
    message,
    detail: err instanceof Rejected ? undefined : String(err?.message ?? err),
  });
}
