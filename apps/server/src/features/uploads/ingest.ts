import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { FilePurpose } from '../../db/schema';
import { gzipped, type NewFile, storageGzip, storeFile } from '../../lib/file-store';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/http-error';
import { processCsvInWorker } from './csv-worker-client';
import { cleanFileName, describeMismatch, formatFromName, sniffContent } from './detect';
import type { UploadSlots } from './load';
import { pausePoint } from './pause';
import { openPending, publishPending, removePending, renewPending, setPendingFile } from './pending';
import { type ProcessOptions, processRows, type RowStats } from './row-processor';
import { pieceBytes, writePiece } from './row-sink';
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

/** What an upload needs from its app: the database, the configuration and the instance's parse workers. */
export interface UploadContext {
  db: Database;
  config: Config;
  slots: UploadSlots;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * One upload, streamed (decisions 051, 080): request → parser (a worker thread) → validation → COPY
 * text, written into dataset_rows in complete pieces of its own short statements under a *pending*
 * upload; the original and rejected rows are spooled to scratch files and stored chunk by chunk; one
 * small final transaction publishes the upload. No connection waits on the client's bytes, other
 * requests are served between pieces, and until it is published nothing of the upload is visible. A
 * failure removes what was written; a killed process leaves a pending upload that a sweep removes.
 */
export async function ingestUpload(
  ctx: UploadContext,
  userId: number,
  part: MultipartFile,
): Promise<IngestResult> {
  const { db, config } = ctx;
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

  let ticket: { release: () => void };
  let pendingId: number;
  try {
    ticket = ctx.slots.admit();
    try {
      pendingId = await openPending(db, config, userId, fileName);
    } catch (err) {
      ticket.release();
      throw err;
    }
  } catch (err) {
    drain();
    throw err;
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
  const { leaseMs } = config.uploads;
  let leaseLost = false;
  const renew = setInterval(
    () => {
      renewPending(db, pendingId, leaseMs, original.bytes)
        .then((held) => {
          if (!held) leaseLost = true;
        })
        .catch((err) => ctx.log.warn({ err }, 'upload lease renewal failed'));
    },
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  let lastWrite: Promise<void> = Promise.resolve();
  let pieces = 0;
  const write = async (data: Uint8Array) => {
    if (leaseLost) throw new Error('The upload lost its lease');
    lastWrite = writePiece(db, data);
    await lastWrite;
    if (++pieces === 1) await pausePoint(config.dataDir, 'pieces');
  };
  let completed = false;
  try {
    const options: ProcessOptions = {
      format: claimed,
      fileName,
      rejectedPath,
      uploadId: pendingId,
      userId,
      batchBytes: pieceBytes(db),
    };
    const stats = await ctx.slots.withWorker(async () => {
      if (claimed === 'csv')
        return processCsvInWorker(
          tee(chunks, original),
          options,
          write,
          undefined,
          config.uploads.csvTimeoutMs,
        );
      // A zip is read from its end (central directory), so the spreadsheet is spooled first.
      await spool(chunks, original);
      return processRows(spreadsheetBatches(original.path, claimed), options, write);
    });
    const result = await finishUpload(ctx, {
      pendingId,
      userId,
      fileName,
      format: claimed,
      stats,
      original,
      rejectedPath,
    });
    completed = true;
    return result;
  } catch (err) {
    throw translate(err, config);
  } finally {
    clearInterval(renew);
    if (!completed) {
      drain();
      await lastWrite.catch(() => {});
      await removePending(db, pendingId).catch((err) =>
        ctx.log.warn({ err }, 'an unfinished upload is left for the sweep'),
      );
    }
    await rm(dir, { recursive: true, force: true });
    ticket.release();
  }
}

interface Finish {
  pendingId: number;
  userId: number;
  fileName: string;
  format: UploadFormat;
  stats: RowStats;
  original: Original;
  rejectedPath: string;
}

/** Stores the upload's files chunk by chunk, then publishes it. */
async function finishUpload(ctx: UploadContext, input: Finish): Promise<IngestResult> {
  const { db, config } = ctx;
  const { pendingId: uploadId, userId, fileName, format, stats, original } = input;
  const expiresAt = new Date(Date.now() + config.uploads.retentionDays * 86_400_000);
  // CSV files are kept compressed (decision 056): `decodedBytes` is then the size as uploaded.
  const file = (purpose: FilePurpose, name: string, decodedBytes: number): NewFile => ({
    ownerId: userId,
    purpose,
    fileName: name,
    contentType: CONTENT_TYPES[format],
    expiresAt,
    ...(original.gzip ? { encoded: { contentEncoding: 'gzip', byteSize: decodedBytes } } : {}),
  });
  // The original's scratch copy is compressed already, as the request streamed in.
  await storeFile(
    db,
    file('upload-original', fileName, original.bytes),
    createReadStream(original.path),
    (id) => setPendingFile(db, uploadId, 'original', id),
  );
  await pausePoint(config.dataDir, 'files');
  if (stats.hasRejected) {
    const rejected = createReadStream(input.rejectedPath);
    await storeFile(
      db,
      file('upload-rejected', rejectedName(fileName, format), (await stat(input.rejectedPath)).size),
      original.gzip ? gzipped(rejected) : rejected,
      (id) => setPendingFile(db, uploadId, 'rejected', id),
    );
  }
  const { processed, accepted } = stats;
  const failed = processed - accepted;
  const successRate = Math.round((accepted / processed) * 10_000) / 100;
  await publishPending(
    db,
    uploadId,
    { format, processed, accepted, failed, successRate, bytes: original.bytes },
    () => pausePoint(config.dataDir, 'publish'),
  );
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
