import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import type { UploadFormat } from './types';

const FORMULA_START = /^[=+\-@\t\r\n]/;

/**
 * OWASP "CSV Injection": a cell a spreadsheet would run as a formula gets a leading apostrophe, so it
 * opens as text. Applied to the rejected-rows file in every format (ASVS 1.2.10).
 */
export function neutralise(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV field (RFC 4180 quoting), neutralised. */
export function csvField(value: string): string {
  const v = neutralise(value);
  return /[",\r\n;]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export interface RejectedWriter {
  add(row: string[], error: string): Promise<void> | void;
  /** Finishes the file; returns false when no row was rejected (then no file exists to store). */
  finish(): Promise<boolean>;
  /** Closes the file without finishing it (the upload failed; its scratch folder is removed). */
  abort(): void;
}

/** Writes the rejected rows to `path` in the upload's own format: the original columns plus `error`. */
export function openRejectedWriter(format: UploadFormat, path: string, header: string[]): RejectedWriter {
  const columns = [...header, 'error'];
  if (format === 'csv') return csvWriter(path, columns);
  if (format === 'xlsx') return xlsxWriter(path, columns);
  return xlsWriter(path, columns);
}

function csvWriter(path: string, columns: string[]): RejectedWriter {
  let out: WriteStream | null = null;
  const write = async (line: string) => {
    if (!out) {
      out = createWriteStream(path);
      // A BOM so Excel opens the UTF-8 text with the right characters.
      out.write(`\uFEFF${columns.map(csvField).join(',')}\r\n`);
    }
    if (!out.write(line)) await once(out, 'drain');
  };
  return {
    add(row, error) {
      const cells = columns.map((_, i) => (i < columns.length - 1 ? (row[i] ?? '') : error));
      return write(`${cells.map(csvField).join(',')}\r\n`);
    },
    async finish() {
      if (!out) return false;
      const stream = out as WriteStream;
      stream.end();
      await once(stream, 'finish');
      return true;
    },
    abort() {
      (out as WriteStream | null)?.destroy();
    },
  };
}

function xlsxWriter(path: string, columns: string[]): RejectedWriter {
  let book: ExcelJS.stream.xlsx.WorkbookWriter | null = null;
  let sheet: ExcelJS.Worksheet | null = null;
  let out: WriteStream | null = null;
  return {
    add(row, error) {
      const cells = columns.map((_, i) => neutralise(i < columns.length - 1 ? (row[i] ?? '') : error));
      if (sheet) {
        sheet.addRow(cells).commit();
        return;
      }
      // exceljs loads on the first rejected row: most uploads (and every CSV) never need it.
      return import('exceljs').then(({ default: Excel }) => {
        out = createWriteStream(path);
        book = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
        sheet = book.addWorksheet('Rejected rows');
        sheet.addRow(columns.map(neutralise)).commit();
        sheet.addRow(cells).commit();
      });
    },
    async finish() {
      if (!book) return false;
      await (book as ExcelJS.stream.xlsx.WorkbookWriter).commit();
      return true;
    },
    abort() {
      (out as WriteStream | null)?.destroy();
    },
  };
}

/** Legacy .xls holds at most 65,536 rows, so the rejected rows fit in memory; SheetJS writes BIFF8. */
function xlsWriter(path: string, columns: string[]): RejectedWriter {
  const rows: string[][] = [];
  return {
    add(row, error) {
      rows.push(columns.map((_, i) => neutralise(i < columns.length - 1 ? (row[i] ?? '') : error)));
    },
    async finish() {
      if (!rows.length) return false;
      const XLSX = await import('@e965/xlsx');
      const sheet = XLSX.utils.aoa_to_sheet([columns.map(neutralise), ...rows]);
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Rejected rows');
      await writeFile(path, XLSX.write(book, { type: 'buffer', bookType: 'xls' }) as Buffer);
      return true;
    },
    abort() {
      rows.length = 0;
    },
  };
}
