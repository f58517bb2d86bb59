import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import type { FilePurpose } from '../../db/schema';
import { gzipped, type NewFile, storageGzip, storeFile } from '../../lib/file-store';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/http-error';
import { memberDeclaration } from '../sectors/repository';
import { processCsvInWorker } from './csv-worker-client';
import { cleanFileName, describeMismatch, formatFromName, sniffContent } from './detect';
import { type ProcessOptions, processRows, type RowStats } from './row-processor';
import { openRowSink, sinkBatchBytes } from './row-sink';
import { spreadsheetBatches } from './spreadsheet-source';
import { CONTENT_TYPES, type UploadFormat } from './types';

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

/** The scratch copy of the uploaded file, gzip-compressed for text formats (decision 056). */
interface Original {
  path: string;
  gzip: boolean;
  /** The uploaded size, counted as the bytes pass. */
  bytes: number;
}

/** Copies the stream to the original's scratch file as it passes through, so it can be stored after the rows. */
async function* tee(chunks: AsyncIterable<Buffer>, original: Original): AsyncGenerator<Buffer> {
  const file = createWriteStream(original.path);
  // Compression runs on libuv's thread pool, beside the parsing and the database work.
  let into: Writable = file;
  if (original.gzip) {
    const gzip = storageGzip();
    pipeline(gzip, file).catch(() => {});
    into = gzip;
  }
  try {
    for await (const chunk of chunks) {
      original.bytes += chunk.length;
      if (!into.write(chunk)) await once(into, 'drain');
      yield chunk;
    }
  } finally {
    into.end();
    await once(file, 'close');
  }
}

async function spool(chunks: AsyncIterable<Buffer>, original: Original): Promise<void> {
  for await (const _ of tee(chunks, original));
}

/**
 * One upload, streamed: request → parser → validation → COPY into the sector's table, with the original
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
  // Text compresses about 4x; a spreadsheet is a zip (or a small .xls) already.
  const original: Original = {
    path: path.join(dir, claimed === 'csv' ? 'original.csv.gz' : `original.${claimed}`),
    gzip: claimed === 'csv',
    bytes: 0,
  };
  const rejectedPath = path.join(dir, `rejected.${claimed}`);
  let completed = false;
  try {
    let rows: RowSource;
    if (claimed === 'csv') {
      // Parsing and validation run in a worker thread while this thread writes to the database.
      rows = (options, write) => processCsvInWorker(tee(chunks, original), options, write);
    } else {
      // A zip is read from its end (central directory), so the spreadsheet is spooled first.
      await spool(chunks, original);
      rows = (options, write) => processRows(spreadsheetBatches(original.path, claimed), options, write);
    }
    const result = await db.transaction((tx) =>
      writeUpload(tx, { userId, fileName, format: claimed, rows, original, rejectedPath, config }),
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

/** Runs the upload's rows through validation, handing the accepted rows' COPY text to `write`. */
type RowSource = (options: ProcessOptions, write: (data: Uint8Array) => Promise<void>) => Promise<RowStats>;

interface WriteInput {
  userId: number;
  fileName: string;
  format: UploadFormat;
  rows: RowSource;
  original: Original;
  rejectedPath: string;
  config: Config;
}

async function writeUpload(tx: Tx, input: WriteInput) {
  const { userId, fileName, format, config } = input;
  const { id: uploadId } = await tx.kysely
    .insertInto('upload_logs')
    .values({ user_id: userId, file_name: fileName, file_format: format })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The member's sector decides the template the rows are checked against and the table they go to.
  const declaration = await memberDeclaration(tx, userId);
  const sink = openRowSink(tx, declaration);
  let stats: RowStats;
  try {
    stats = await input.rows(
      {
        format,
        fileName,
        rejectedPath: input.rejectedPath,
        uploadId,
        userId,
        batchBytes: sinkBatchBytes(tx),
        sector: declaration.slug,
      },
      (data) => sink.write(data),
    );
    await sink.end();
  } catch (err) {
    sink.abort();
    throw err;
  }
  const { processed, accepted } = stats;
  const expiresAt = new Date(Date.now() + config.uploads.retentionDays * 86_400_000);
  // CSV files are kept compressed (decision 056): `decodedBytes` is then the size as uploaded.
  const { original } = input;
  const file = (purpose: FilePurpose, name: string, decodedBytes: number): NewFile => ({
    ownerId: userId,
    purpose,
    fileName: name,
    contentType: CONTENT_TYPES[format],
    expiresAt,
    ...(original.gzip ? { encoded: { contentEncoding: 'gzip', byteSize: decodedBytes } } : {}),
  });
  // The original's scratch copy is compressed already, as the request streamed in.
  const originalId = await storeFile(
    tx,
    file('upload-original', fileName, original.bytes),
    createReadStream(original.path),
  );
  let rejectedId: number | null = null;
  if (stats.hasRejected) {
    const rejected = createReadStream(input.rejectedPath);
    rejectedId = await storeFile(
      tx,
      file('upload-rejected', rejectedName(fileName, format), (await stat(input.rejectedPath)).size),
      original.gzip ? gzipped(rejected) : rejected,
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
