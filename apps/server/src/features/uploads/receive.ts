import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { MESSAGES } from '@insightra/contract';
import type { Config } from '../../config';
import { storageGzip } from '../../lib/file-store';
import { badRequest, payloadTooLarge } from '../../lib/http-error';
import { MAX_ROW_CHARS } from './csv-source';

/** Receiving an upload's body: its first bytes, its scratch copy (no database is involved). */

export const SNIFF_BYTES = 4096;

/** Scratch space for uploads, one folder per process; a dead process's folder is cleared at start. */
export function scratchRoot(config: Config): string {
  return path.join(config.dataDir, 'tmp', 'uploads');
}
export const scratchDir = (config: Config) => path.join(scratchRoot(config), String(process.pid));

export const tooLarge = (config: Config) =>
  payloadTooLarge(
    `The file is larger than the ${Math.round(config.uploads.maxBytes / 1024 / 1024)} MB limit`,
  );

/** Turns @fastify/multipart's size-limit error (thrown while reading the stream) into our 413. */
export function translate(err: unknown, config: Config): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(config);
  return err;
}

/** The file stream as an iterator whose first bytes we can look at before deciding anything. */
export async function withHead(stream: AsyncIterable<Buffer> & { truncated?: boolean }, config: Config) {
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
export interface Original {
  path: string;
  gzip: boolean;
  /** The uploaded size, counted as the bytes pass. */
  bytes: number;
}

/** Copies the stream to the original's scratch file as it passes through, so it can be stored after the rows. */
export async function* tee(chunks: AsyncIterable<Buffer>, original: Original): AsyncGenerator<Buffer> {
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

/**
 * Refuses a CSV whose first line (the header) is longer than a row may be, as soon as that is known:
 * a large file without a line break is not received to the end first.
 */
export async function* firstLineBounded(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let seen = 0;
  let found = false;
  for await (const chunk of chunks) {
    if (!found) {
      const at = chunk.indexOf(10);
      found = at >= 0;
      if ((found ? seen + at : seen + chunk.length) > MAX_ROW_CHARS)
        throw badRequest(MESSAGES.uploads.rowTooLong);
      seen += chunk.length;
    }
    yield chunk;
  }
}

/** The spooled original, decoded as it is read back. */
export function readOriginal(original: Original): AsyncIterable<Buffer> {
  const file = createReadStream(original.path, { highWaterMark: 1024 * 1024 });
  if (!original.gzip) return file;
  const gunzip = createGunzip();
  pipeline(file, gunzip).catch(() => {});
  return gunzip;
}

export async function spool(chunks: AsyncIterable<Buffer>, original: Original): Promise<void> {
  for await (const _ of tee(chunks, original));
}
