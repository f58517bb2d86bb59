import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { SectorDeclaration, UploadResult } from '@insightra/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { FilePurpose } from '../../db/schema';
import { gzipped, type NewFile, storeFile } from '../../lib/file-store';
import { badRequest, unsupportedMediaType } from '../../lib/http-error';
import { renewStatisticsAfterUpload, uploadSummary } from '../bi/builtin/upload-summary-repository';
import { organisationDeclaration } from '../sectors/repository';
import { processCsvInWorker } from './csv-worker-client';
import { cleanFileName, describeMismatch, formatFromName, sniffContent } from './detect';
import type { UploadSlots } from './load';
import { pausePoint } from './pause';
import { openPending, publishPending, removePending, renewPending, setPendingFile } from './pending';
import {
  firstLineBounded,
  type Original,
  readOriginal,
  SNIFF_BYTES,
  scratchDir,
  spool,
  tee,
  translate,
  withHead,
} from './receive';
import { type ProcessOptions, processRows, type RowStats } from './row-processor';
import { pieceBytes, pieceWriters, writePiece } from './row-sink-repository';
import { spreadsheetBatches } from './spreadsheet-source';
import { CONTENT_TYPES, type UploadFormat } from './types';

export { scratchRoot, tooLarge } from './receive';

/** What an upload needs from its app: the database, the configuration and the instance's parse workers. */
export interface UploadContext {
  db: Database;
  config: Config;
  slots: UploadSlots;
  log: { warn: (obj: object, msg: string) => void };
}

/** Who uploads (recorded on the upload) and the organisation the upload belongs to. */
export interface Uploader {
  userId: number;
  organisationId: number;
  /** The request's declared length, when it has one: what the upload adds to the organisation's storage at most. */
  declaredBytes?: number;
}

/**
 * One upload, streamed (decision 080): request → parser (a worker thread) → validation → COPY
 * text, written into the organisation's sector's table in complete pieces of its own short statements under a *pending*
 * upload; the original and rejected rows are spooled to scratch files and stored chunk by chunk; one
 * small final transaction publishes the upload. No connection waits on the client's bytes, other
 * requests are served between pieces, and until it is published nothing of the upload is visible. A
 * failure removes what was written; a killed process leaves a pending upload that a sweep removes.
 */
export async function ingestUpload(
  ctx: UploadContext,
  by: Uploader,
  part: MultipartFile,
): Promise<UploadResult> {
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
  let declaration: SectorDeclaration;
  try {
    ticket = ctx.slots.admit();
    try {
      // The organisation's sector decides the template the rows are checked against and the table they go to.
      declaration = await organisationDeclaration(db, by.organisationId);
      pendingId = await openPending(db, config, by, fileName);
    } catch (err) {
      ticket.release();
      throw err;
    }
  } catch (err) {
    drain();
    throw err;
  }

  let dir: string | null = null;
  // Text compresses about 4x; a spreadsheet is a zip (or a small .xls) already.
  const original: Original = { path: '', gzip: claimed === 'csv', bytes: 0 };
  let rejectedPath = '';
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
  const writing = new Set<Promise<void>>();
  let pieces = 0;
  const write = async (data: Uint8Array) => {
    if (leaseLost) throw new Error('The upload lost its lease');
    const piece = writePiece(db, declaration, data);
    writing.add(piece);
    try {
      await piece;
    } finally {
      writing.delete(piece);
    }
    if (++pieces === 1) await pausePoint(config.dataDir, 'pieces');
  };
  let completed = false;
  try {
    await mkdir(scratchDir(config), { recursive: true });
    dir = await mkdtemp(path.join(scratchDir(config), 'u-'));
    original.path = path.join(dir, claimed === 'csv' ? 'original.csv.gz' : `original.${claimed}`);
    rejectedPath = path.join(dir, `rejected.${claimed}`);
    const options: ProcessOptions = {
      format: claimed,
      fileName,
      rejectedPath,
      uploadId: pendingId,
      organisationId: by.organisationId,
      batchBytes: pieceBytes(db),
      writers: pieceWriters(db),
      sector: declaration.slug,
    };
    // Parsing overlaps receiving when a worker is free for it (the database still only ever gets
    // complete pieces); otherwise the body is received into scratch storage first and parsed from
    // there, so a slow or stalled client holds no connection and never every worker (decision 080).
    const csvFrom = (source: AsyncIterable<Buffer>) =>
      processCsvInWorker(source, options, write, undefined, config.uploads.csvTimeoutMs);
    const fromScratch = async () => {
      await spool(claimed === 'csv' ? firstLineBounded(chunks) : chunks, original);
      return ctx.slots.withWorker(() =>
        claimed === 'csv'
          ? csvFrom(readOriginal(original))
          : // A zip is read from its end (central directory).
            processRows(spreadsheetBatches(original.path, claimed), options, write),
      );
    };
    const whileReceiving =
      claimed === 'csv'
        ? ctx.slots.tryWhileReceiving(() => csvFrom(tee(firstLineBounded(chunks), original)))
        : null;
    const stats = await (whileReceiving ?? fromScratch());
    const result = await finishUpload(ctx, {
      pendingId,
      userId: by.userId,
      declaration,
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
      await Promise.allSettled(writing);
      await removePending(db, pendingId).catch((err) =>
        ctx.log.warn({ err }, 'an unfinished upload is left for the sweep'),
      );
    }
    if (dir) await rm(dir, { recursive: true, force: true });
    ticket.release();
  }
}

interface Finish {
  pendingId: number;
  userId: number;
  declaration: SectorDeclaration;
  fileName: string;
  format: UploadFormat;
  stats: RowStats;
  original: Original;
  rejectedPath: string;
}

/** Stores the upload's files chunk by chunk, then publishes it. */
async function finishUpload(ctx: UploadContext, input: Finish): Promise<UploadResult> {
  const { db, config } = ctx;
  const { pendingId: uploadId, userId, declaration, fileName, format, stats, original } = input;
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
    // What a refresh reads instead of these rows (docs/decisions/122-upload-summaries.md).
    uploadSummary(declaration, stats.summary),
    () => pausePoint(config.dataDir, 'publish'),
  );
  // Not awaited: the table's statistics, renewed in the background for the refresh's planner.
  renewStatisticsAfterUpload(db, declaration, accepted);
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
