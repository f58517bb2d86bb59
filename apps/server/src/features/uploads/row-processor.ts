import { type IndustrySlug, sectorDeclaration } from '@insightra/contract';
import { badRequest } from '../../lib/http-error';
import { rowSummariser } from '../bi/builtin/row-summariser';
import type { SummaryRow } from '../bi/builtin/upload-summary-repository';
import { copyLineEncoder } from './copy-encoder';
import { openRejectedWriter, type RejectedWriter } from './rejected-writer';
import { KeysTooLarge } from './row-keys';
import { type RowBatch, tooMuchMemory, type UploadFormat } from './types';
import { isBlankRow, mapHeader, RowValidator } from './validate';

export interface ProcessOptions {
  format: UploadFormat;
  fileName: string;
  rejectedPath: string;
  uploadId: number;
  /** The organisation that owns the rows. */
  organisationId: number;
  /** COPY text is handed on in pieces of about this many bytes. */
  batchBytes: number;
  /** The member's sector: its declaration's template validates and encodes the rows. */
  sector: IndustrySlug;
  /** The most bytes the upload's row keys may take; past it the upload is refused as too large. */
  keyBytes?: number;
  /** Pieces the database writes at once (one connection each); 1 when omitted. */
  writers?: number;
}

export interface RowStats {
  processed: number;
  accepted: number;
  /** Whether a rejected-rows file was written at `rejectedPath`. */
  hasRejected: boolean;
  /** The accepted rows' summary, stored with the upload (docs/decisions/122-upload-summaries.md). */
  summary: SummaryRow[];
}

/** Where accepted rows go, as UTF-8 COPY text; the next piece waits until the promise settles. */
export type CopyEmit = (data: Uint8Array) => Promise<void>;

/**
 * Gathers COPY lines as UTF-8 bytes in a buffer of its own (so a piece can be handed to another thread
 * without a copy). Lines are joined into runs of about a 64th of a piece and each run is encoded at
 * once: one call per run, not per line.
 */
class CopyPieces {
  private buf: Buffer;
  private used = 0;
  private run = '';
  private readonly runChars: number;
  constructor(
    private readonly size: number,
    private readonly emit: CopyEmit,
  ) {
    this.buf = Buffer.allocUnsafeSlow(size);
    this.runChars = size >> 6;
  }

  add(line: string): Promise<void> | undefined {
    this.run += line;
    return this.run.length > this.runChars ? this.write() : undefined;
  }

  private write(): Promise<void> | undefined {
    const text = this.run;
    this.run = '';
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    if (this.used + text.length * 3 <= this.buf.length) {
      this.used += this.buf.write(text, this.used);
      return this.used >= this.size * 0.9 ? this.hand() : undefined;
    }
    return this.hand().then(() => {
      if (text.length * 3 > this.buf.length) this.buf = Buffer.allocUnsafeSlow(text.length * 3);
      this.used = this.buf.write(text);
    });
  }

  private hand(): Promise<void> {
    if (!this.used) return Promise.resolve();
    const piece = this.buf.subarray(0, this.used);
    this.buf = Buffer.allocUnsafeSlow(this.size);
    this.used = 0;
    return this.emit(piece);
  }

  async flush(): Promise<void> {
    if (this.run) await this.write();
    await this.hand();
  }
}

/**
 * The upload's rows, in order: the first non-blank row is the header (matched against the template),
 * each later row is validated; accepted rows become COPY text handed to `emit` in pieces and are added
 * to the upload's summary, rejected rows go to the rejected-rows file with their reasons. Runs on the server's thread for spreadsheets and in
 * a worker thread for CSV (csv-worker.ts).
 */
export async function processRows(
  batches: AsyncIterable<RowBatch>,
  options: ProcessOptions,
  emit: CopyEmit,
): Promise<RowStats> {
  const declaration = sectorDeclaration(options.sector);
  const encode = copyLineEncoder(declaration, options.uploadId, options.organisationId);
  const summary = rowSummariser(declaration);
  let validator: RowValidator | null = null;
  let rejected: RejectedWriter | null = null;
  let processed = 0;
  let accepted = 0;
  const pieces = new CopyPieces(options.batchBytes, emit);
  try {
    for await (const batch of batches) {
      for (const row of batch) {
        if (isBlankRow(row)) continue;
        if (!validator) {
          validator = new RowValidator(mapHeader(declaration.upload, row), options.keyBytes);
          rejected = openRejectedWriter(options.format, options.rejectedPath, validator.map.header);
          continue;
        }
        processed++;
        const result = validator.check(row);
        if (result.ok) {
          accepted++;
          summary.add(result.values);
          const wait = pieces.add(encode(result.values));
          if (wait) await wait;
        } else {
          const wait = rejected!.add(row, result.error);
          if (wait) await wait;
        }
      }
    }
    if (!validator) throw badRequest(`"${options.fileName}" has no header row`);
    if (processed === 0) throw badRequest(`"${options.fileName}" has a header but no data rows`);
    await pieces.flush();
    return { processed, accepted, hasRejected: await rejected!.finish(), summary: summary.rows() };
  } catch (err) {
    rejected?.abort();
    throw err instanceof KeysTooLarge ? badRequest(tooMuchMemory(options.format)) : err;
  }
}
