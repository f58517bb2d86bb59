export type UploadFormat = 'csv' | 'xlsx' | 'xls';

/** Rows arrive in batches; every cell is text (spreadsheet dates already as YYYY-MM-DD). */
export type RowBatch = string[][];

export const CONTENT_TYPES: Record<UploadFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

/** Bounds for hostile spreadsheets (OWASP file upload guidance: limits after decompression). */
export const SPREADSHEET_LIMITS = {
  maxZipEntries: 2000,
  maxEntryBytes: 512 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
  /** Uncompressed/compressed, checked for entries above 1 MiB; XML sheets compress ~5–30×. */
  maxRatio: 200,
  maxRows: 1_100_000,
  timeoutMs: 120_000,
  workerHeapMb: 384,
} as const;

/** The answer when a file's reader (a worker thread) hits its heap limit. */
export const tooMuchMemory = (format: UploadFormat) => `The .${format} file needs too much memory to read`;
