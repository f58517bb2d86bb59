import type { UploadFormat } from './types';

const EXTENSIONS: Record<string, UploadFormat> = { '.csv': 'csv', '.xlsx': 'xlsx', '.xls': 'xls' };

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The format a file name claims, or null when its extension is not one we accept. */
export function formatFromName(fileName: string): UploadFormat | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  return EXTENSIONS[fileName.slice(dot).toLowerCase()] ?? null;
}

export type SniffedContent = UploadFormat | 'binary' | 'empty';

/**
 * What the first bytes say the file is. XLSX is a zip (its workbook part is checked later, when the
 * archive is opened); XLS is an OLE compound document; CSV is text — any NUL byte or a known binary
 * signature means it is not.
 */
export function sniffContent(head: Buffer): SniffedContent {
  if (head.length === 0) return 'empty';
  if (head.subarray(0, 4).equals(ZIP)) return 'xlsx';
  if (head.subarray(0, 8).equals(OLE)) return 'xls';
  if (head.includes(0)) return 'binary';
  // Control characters other than tab/CR/LF/FF are not found in text files.
  let control = 0;
  for (const byte of head) if (byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f) control++;
  if (control > 0) return 'binary';
  return 'csv';
}

const LABEL: Record<UploadFormat, string> = { csv: 'CSV', xlsx: 'XLSX', xls: 'XLS' };

export function describeMismatch(fileName: string, claimed: UploadFormat, found: SniffedContent): string {
  if (found === 'empty') return `"${fileName}" is empty`;
  const what = found === 'binary' ? 'not a spreadsheet' : `an ${LABEL[found]} file`;
  return `"${fileName}" is named as ${LABEL[claimed]} but its content is ${what}; upload a real .xlsx, .xls or .csv file`;
}

/** A safe display name: the base name only, without control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (clean || 'upload').slice(-200);
}
