import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { STUDENT_TEMPLATE } from '@insightra/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { storeFile } from '../../lib/file-store';
import { badRequest, HttpError, payloadTooLarge, unsupportedMediaType } from '../../lib/http-error';
import { csvBatches } from './csv-source';
import { cleanFileName, describeMismatch, formatFromName, sniffContent } from './detect';
import { openRejectedWriter } from './rejected-writer';
import { openRowSink } from './row-sink';
import { spreadsheetBatches } from './spreadsheet-source';
import { CONTENT_TYPES, type RowBatch, type UploadFormat } from './types';
import { isBlankRow, mapHeader, RowValidator } from './validate';

export interface IngestResult {
  uploadId: number;
  totalRowsProcessed: number;
  totalRecordsInserted: number;
  totalRecordsFailed: number;
  successRate: number;
}

const SNIFF_BYTES = 4096;

/** Scratch space for uploads, one folder per process; a dead process's folder is cleared at start. */
export function scratchRoot(config: Config): string {
  return path.join(config.dataDir, 'tmp', 'uploads');
}
const scratchDir = (config: Config) => path.join(scratchRoot(config), String(process.pid));

export const tooLarge = (config: Config) =>
  payloadTooLarge(
    `The file is larger than the ${Math.round(config.uploads.maxBytes / 1024 / 1024)} MB limit`,
  );

/** Turns @fastify/multipart's size-limit error (thrown while reading the stream) into our 413. */
function translate(err: unknown, config: Config): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(config);
  return err;
}

/** The file stream as an iterator whose first bytes we can look at before deciding anything. */
async function withHead(stream: AsyncIterable<Buffer> & { truncated?: boolean }, config: Config) {
  const it = stream[Symbol.asyncIterator]();
  // @fastify/multipart ends a file stream at the size limit and marks it truncated.
  const checkLimit = () => {
    if (stream.truncated) throw tooLarge(config);
  };
  const head: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < SNIFF_BYTES) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      checkLimit();
      break;
    }
    head.push(r.value);
    size += r.value.length;
  }
  async function* all(): AsyncGenerator<Buffer> {
    yield* head;
    if (ended) return;
    for (;;) {
      const r = await it.next();
      if (r.done) {
        ended = true;
        checkLimit();
        return;
      }
      yield r.value;
    }
  }
  /** Reads and discards the rest, so the client's request completes after we have answered. */
  const drain = () => {
    void (async () => {
      try {
        while (!ended && !(await it.next()).done);
      } catch {
        // the client went away or the size limit tripped: nothing to keep
      }
    })();
  };
  return { head: Buffer.concat(head), chunks: all(), drain };
}

/** Copies the stream to `file` as it passes through, so the original can be stored after the rows. */
async function* tee(chunks: AsyncIterable<Buffer>, file: string): AsyncGenerator<Buffer> {
  const out = createWriteStream(file);
  try {
    for await (const chunk of chunks) {
      if (!out.write(chunk)) await once(out, 'drain');
      yield chunk;
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
}

async function spool(chunks: AsyncIterable<Buffer>, file: string): Promise<void> {
  for await (const _ of tee(chunks, file));
}

/**
 * One upload, streamed: request → parser → validation → COPY into dataset_rows, with the original
 * and the rejected rows spooled to scratch files and stored as files at the end — all in ONE
 * transaction, so a failure or a killed process leaves no log, no rows and no files.
 */
export async function ingestUpload(
  db: Database,
  config: Config,
  userId: number,
  part: MultipartFile,
): Promise<IngestResult> {
  const fileName = cleanFileName(part.filename);
  const claimed = formatFromName(fileName);
  const { head, chunks, drain } = await withHead(part.file, config).catch((err) => {
    throw translate(err, config);
  });
  if (!claimed) {
    drain();
    throw unsupportedMediaType('Only .xlsx, .xls and .csv files are accepted');
  }
  const found = sniffContent(head.subarray(0, SNIFF_BYTES));
  if (found !== claimed) {
    drain();
    if (found === 'empty') throw badRequest(describeMismatch(fileName, claimed, found));
    throw unsupportedMediaType(describeMismatch(fileName, claimed, found));
  }

  await mkdir(scratchDir(config), { recursive: true });
  const dir = await mkdtemp(path.join(scratchDir(config), 'u-'));
  const originalPath = path.join(dir, `original.${claimed}`);
  const rejectedPath = path.join(dir, `rejected.${claimed}`);
  let completed = false;
  try {
    let batches: AsyncIterable<RowBatch>;
    if (claimed === 'csv') batches = csvBatches(tee(chunks, originalPath));
    else {
      // A zip is read from its end (central directory), so the spreadsheet is spooled first.
      await spool(chunks, originalPath);
      batches = spreadsheetBatches(originalPath, claimed);
    }
    const result = await db.transaction((tx) =>
      writeUpload(tx, { userId, fileName, format: claimed, batches, originalPath, rejectedPath, config }),
    );
    completed = true;
    return result;
  } catch (err) {
    throw translate(err, config);
  } finally {
    if (!completed) drain();
    await rm(dir, { recursive: true, force: true });
  }
}

interface WriteInput {
  userId: number;
  fileName: string;
  format: UploadFormat;
  batches: AsyncIterable<RowBatch>;
  originalPath: string;
  rejectedPath: string;
  config: Config;
}

async function writeUpload(tx: Parameters<Parameters<Database['transaction']>[0]>[0], input: WriteInput) {
  const { userId, fileName, format, batches, config } = input;
  const { id: uploadId } = await tx.kysely
    .insertInto('upload_logs')
    .values({ user_id: userId, file_name: fileName, file_format: format })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sink = openRowSink(tx, uploadId, userId);
  let validator: RowValidator | null = null;
  let rejected: ReturnType<typeof openRejectedWriter> | null = null;
  let processed = 0;
  let accepted = 0;
  try {
    for await (const batch of batches) {
      for (const row of batch) {
        if (isBlankRow(row)) continue;
        if (!validator) {
          validator = new RowValidator(mapHeader(STUDENT_TEMPLATE, row));
          rejected = openRejectedWriter(format, input.rejectedPath, validator.map.header);
          continue;
        }
        processed++;
        const result = validator.check(row);
        if (result.ok) {
          accepted++;
          const pending = sink.write(result.values);
          if (pending) await pending;
        } else {
          const pending = rejected!.add(row, result.error);
          if (pending) await pending;
        }
      }
    }
    if (!validator) throw badRequest(`"${fileName}" has no header row`);
    if (processed === 0) throw badRequest(`"${fileName}" has a header but no data rows`);
    await sink.end();
  } catch (err) {
    sink.abort();
    if (err instanceof HttpError) throw err;
    throw err;
  }
  const expiresAt = new Date(Date.now() + config.uploads.retentionDays * 86_400_000);
  const originalId = await storeFile(
    tx,
    { ownerId: userId, purpose: 'upload-original', fileName, contentType: CONTENT_TYPES[format], expiresAt },
    createReadStream(input.originalPath),
  );
  let rejectedId: number | null = null;
  if (await rejected!.finish()) {
    rejectedId = await storeFile(
      tx,
      {
        ownerId: userId,
        purpose: 'upload-rejected',
        fileName: rejectedName(fileName, format),
        contentType: CONTENT_TYPES[format],
        expiresAt,
      },
      createReadStream(input.rejectedPath),
    );
  }
  const failed = processed - accepted;
  const successRate = Math.round((accepted / processed) * 10_000) / 100;
  await tx.kysely
    .updateTable('upload_logs')
    .set({
      total_processed: processed,
      total_accepted: accepted,
      total_failed: failed,
      success_rate: successRate,
      original_file_id: originalId,
      rejected_file_id: rejectedId,
    })
    .where('id', '=', uploadId)
    .execute();
  return {
    uploadId,
    totalRowsProcessed: processed,
    totalRecordsInserted: accepted,
    totalRecordsFailed: failed,
    successRate,
  };
}

export function rejectedName(fileName: string, format: UploadFormat): string {
  const base = fileName.replace(/\.(csv|xlsx|xls)$/i, '');
  return `${base}-rejected.${format}`;
}
