import { type FileHandle, open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/**
 * An .xlsx (a zip) read front to back through its local headers, as a streaming reader reads it, each
 * part's data inflated on demand and counted as it is inflated: a part's bytes and the archive's total
 * are bounded by what is actually inflated, whatever the central directory (or a local header) claims.
 * Nothing is written to disk: a part needed again later is inflated again from the file.
 */

export interface ZipLimits {
  maxZipEntries: number;
  /** Bytes one part may inflate to. */
  maxEntryBytes: number;
  /** Bytes all parts together may inflate to. */
  maxTotalBytes: number;
  /** Inflated/compressed, for parts above 1 MiB. */
  maxRatio: number;
}

/** Why a file is refused: the client hears the message (400). */
export class ZipRefusal extends Error {}

/** The answers of the zip-bomb checks; the central directory's early checks give the same ones. */
export const ZIP_MESSAGES = {
  damaged: 'The .xlsx file is not a valid spreadsheet (its zip structure is damaged)',
  partDamaged: 'The .xlsx file is not a valid spreadsheet (a part is damaged)',
  tooManyParts: 'The .xlsx file has too many parts',
  tooLarge: 'The .xlsx file is too large when uncompressed',
  tooCompressed: 'The .xlsx file is compressed suspiciously well (a possible zip bomb)',
} as const;

/** Parts smaller than this are not held to the compression ratio (as the directory check). */
const RATIO_FROM_BYTES = 1024 * 1024;
/**
 * While a part inflates, its ratio so far is checked beyond this size: a ratio bomb is stopped after
 * this much work, and no real worksheet compresses that well over its first 64 MiB.
 */
const RATIO_WHILE_INFLATING_FROM_BYTES = 64 * 1024 * 1024;
const CHUNK = 64 * 1024;

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
/** What may follow the last local entry: central directory, its zip64 records, archive extra data, signature. */
const AFTER_ENTRIES = new Set([0x02014b50, 0x06054b50, 0x06064b50, 0x07064b50, 0x08064b50, 0x05054b50]);
const FLAG_ENCRYPTED = 0x1;
const FLAG_DESCRIPTOR = 0x8;
const STORED = 0;
const DEFLATED = 8;
const U32_MAX = 0xffffffff;

const refuse = (message: string) => new ZipRefusal(message);

/** Where a part's data lies, to inflate it again (ZipReader.reread). */
export interface PartLocation {
  name: string;
  method: number;
  dataStart: number;
  compressedSize: number;
  /** Its size, as counted when it was inflated the first time. */
  inflatedSize: number;
}

interface Header {
  name: string;
  method: number;
  dataStart: number;
  /** From the local header; null when a data descriptor follows the data (general purpose bit 3). */
  compressedSize: number | null;
  uncompressedSize: number | null;
  /** A data descriptor follows the data. */
  descriptor: boolean;
}

/** One part's data, inflated as it is read. Reads are queued, so the parser and a drain never interleave. */
export class ZipPart {
  readonly name: string;
  /** Bytes inflated so far. */
  inflated = 0;
  /** Compressed bytes of the data, once known (from the local header, or once the data has been read). */
  compressedSize: number | null;
  /** Whether all of its data has been inflated. */
  ended = false;
  readonly #chunks: AsyncGenerator<Buffer>;
  #failure: Error | null = null;

  constructor(
    private readonly zip: ZipReader,
    readonly header: Header,
    /** The first inflation's size, when the part is read again: it must inflate to exactly that. */
    private readonly again: number | null = null,
  ) {
    this.name = header.name;
    this.compressedSize = header.compressedSize;
    this.#chunks = this.#inflate();
  }

  /** The next inflated chunk, or null at the end of the part. */
  async read(): Promise<Buffer | null> {
    if (this.#failure) throw this.#failure;
    if (this.ended) return null;
    try {
      const r = await this.#chunks.next();
      if (!r.done) return r.value;
      this.ended = true;
      return null;
    } catch (err) {
      this.#failure = err as Error;
      throw err;
    }
  }

  /** Inflates (and counts) the rest, discarding it. */
  async drain(): Promise<void> {
    while ((await this.read()) !== null);
  }

  /** The data as an async iterable; leaving it early leaves the rest for `drain` or the next part. */
  chunks(): AsyncIterable<Buffer> {
    const read = () => this.read();
    return {
      async *[Symbol.asyncIterator]() {
        for (let c = await read(); c !== null; c = await read()) yield c;
      },
    };
  }

  /** The data as a readable stream (for readers that listen to stream events). */
  stream(): Readable {
    const stream = new Readable({
      read: () => {
        this.read().then(
          (c) => {
            if (!stream.destroyed) stream.push(c);
          },
          (err: Error) => stream.destroy(err),
        );
      },
    });
    return stream;
  }

  /** Where its data lies; known once the part has been inflated to the end. */
  location(): PartLocation {
    if (!this.ended || this.compressedSize === null) throw new Error('the part has not been read to its end');
    const { name, method, dataStart } = this.header;
    return { name, method, dataStart, compressedSize: this.compressedSize, inflatedSize: this.inflated };
  }

  async close(): Promise<void> {
    await this.#chunks.return(undefined);
  }

  #count(bytes: number, compressed: number) {
    this.inflated += bytes;
    const { limits } = this.zip;
    if (this.again !== null) {
      if (this.inflated > this.again) throw refuse(ZIP_MESSAGES.partDamaged);
      return;
    }
    if (this.inflated > limits.maxEntryBytes) throw refuse(ZIP_MESSAGES.tooLarge);
    this.zip.total += bytes;
    if (this.zip.total > limits.maxTotalBytes) throw refuse(ZIP_MESSAGES.tooLarge);
    const declared = this.header.uncompressedSize;
    if (declared !== null && this.inflated > declared) throw refuse(ZIP_MESSAGES.partDamaged);
    if (
      this.inflated > RATIO_WHILE_INFLATING_FROM_BYTES &&
      this.inflated / Math.max(compressed, 1) > limits.maxRatio
    )
      throw refuse(ZIP_MESSAGES.tooCompressed);
  }

  #atEnd(compressed: number) {
    this.compressedSize = compressed;
    if (this.again !== null) {
      if (this.inflated !== this.again) throw refuse(ZIP_MESSAGES.partDamaged);
      return;
    }
    const declared = this.header.uncompressedSize;
    if (declared !== null && this.inflated !== declared) throw refuse(ZIP_MESSAGES.partDamaged);
    if (
      this.inflated > RATIO_FROM_BYTES &&
      this.inflated / Math.max(compressed, 1) > this.zip.limits.maxRatio
    )
      throw refuse(ZIP_MESSAGES.tooCompressed);
  }

  async *#inflate(): AsyncGenerator<Buffer> {
    const { method, dataStart, compressedSize } = this.header;
    if (compressedSize === 0) return this.#atEnd(0);
    const source = Readable.from(this.zip.bytes(dataStart, compressedSize), {
      objectMode: false,
      highWaterMark: CHUNK,
    });
    if (method === STORED) {
      // Stored data's end is known only from its size (from the central directory when it has none).
      try {
        let read = 0;
        for await (const chunk of source as AsyncIterable<Buffer>) {
          read += chunk.length;
          this.#count(chunk.length, read);
          yield chunk;
        }
        if (read !== compressedSize) throw refuse(ZIP_MESSAGES.damaged);
        this.#atEnd(read);
      } finally {
        source.destroy();
      }
      return;
    }
    const inflater = createInflateRaw({ chunkSize: CHUNK });
    source.on('error', (err) => inflater.destroy(err));
    source.pipe(inflater);
    try {
      try {
        for await (const chunk of inflater as AsyncIterable<Buffer>) {
          this.#count(chunk.length, inflater.bytesWritten);
          yield chunk;
        }
      } catch (err) {
        throw err instanceof ZipRefusal ? err : refuse(ZIP_MESSAGES.partDamaged);
      }
      // The deflate stream ends itself; with a data descriptor, where it ends is where the data ends.
      this.#atEnd(inflater.bytesWritten);
    } finally {
      source.unpipe(inflater);
      source.destroy();
      inflater.destroy();
    }
  }
}

/** The local entries of a zip file, one at a time, front to back. */
export class ZipReader {
  /** Bytes inflated by all parts (a part read again is not counted twice). */
  total = 0;
  #offset = 0;
  #entries = 0;
  #current: ZipPart | null = null;
  readonly #others = new Set<ZipPart>();

  private constructor(
    private readonly file: FileHandle,
    readonly size: number,
    readonly limits: ZipLimits,
    private readonly storedSizes: ReadonlyMap<number, number>,
  ) {}

  /**
   * `storedSizes`: the central directory's compressed size of each entry, by the offset of its local
   * header. Only a stored part followed by a data descriptor needs it (its data has no end of its own);
   * the size only says where the next local header is, and is checked against the descriptor.
   */
  static async open(
    path: string,
    limits: ZipLimits,
    storedSizes: ReadonlyMap<number, number> = new Map(),
  ): Promise<ZipReader> {
    const file = await open(path, 'r');
    try {
      return new ZipReader(file, (await file.stat()).size, limits, storedSizes);
    } catch (err) {
      await file.close();
      throw err;
    }
  }

  /**
   * The next part, or null after the last. The part before it is passed over: by its size when its
   * local header gives one (unread data is not inflated), otherwise by inflating (and counting) the rest.
   */
  async next(): Promise<ZipPart | null> {
    const previous = this.#current;
    if (previous) {
      const { dataStart, compressedSize, descriptor } = previous.header;
      // Without a size, the data ends where its deflate stream does: it is inflated to there.
      if (compressedSize === null) await previous.drain();
      const size = compressedSize ?? previous.compressedSize!;
      this.#offset = descriptor ? await this.#afterDescriptor(dataStart + size, size) : dataStart + size;
      this.#current = null;
      await previous.close();
    }
    const header = await this.#header(this.#offset);
    if (!header) return null;
    this.#current = new ZipPart(this, header);
    return this.#current;
  }

  /** The data of a part met earlier, inflated again: to exactly the size it had then. */
  reread(at: PartLocation): ZipPart {
    const part = new ZipPart(
      this,
      { ...at, uncompressedSize: at.inflatedSize, descriptor: false },
      at.inflatedSize,
    );
    this.#others.add(part);
    return part;
  }

  async close(): Promise<void> {
    for (const part of [this.#current, ...this.#others]) await part?.close().catch(() => {});
    await this.file.close();
  }

  /** The file's bytes from `start`, `length` of them or to its end. */
  async *bytes(start: number, length: number | null): AsyncGenerator<Buffer> {
    const end = length === null ? this.size : Math.min(this.size, start + length);
    for (let at = start; at < end; ) {
      const chunk = await this.#read(at, Math.min(CHUNK, end - at));
      if (!chunk.length) return;
      at += chunk.length;
      yield chunk;
    }
  }

  async #read(at: number, length: number): Promise<Buffer> {
    const buf = Buffer.allocUnsafe(length);
    const { bytesRead } = await this.file.read(buf, 0, length, at);
    return buf.subarray(0, bytesRead);
  }

  async #header(at: number): Promise<Header | null> {
    const fixed = await this.#read(at, 30);
    if (fixed.length < 4) throw refuse(ZIP_MESSAGES.damaged);
    const signature = fixed.readUInt32LE(0);
    if (AFTER_ENTRIES.has(signature)) return null;
    if (signature !== LOCAL || fixed.length < 30) throw refuse(ZIP_MESSAGES.damaged);
    if (++this.#entries > this.limits.maxZipEntries) throw refuse(ZIP_MESSAGES.tooManyParts);
    const flags = fixed.readUInt16LE(6);
    const method = fixed.readUInt16LE(8);
    let compressed: number | null = fixed.readUInt32LE(18);
    let uncompressed: number | null = fixed.readUInt32LE(22);
    const nameLength = fixed.readUInt16LE(26);
    const extraLength = fixed.readUInt16LE(28);
    const variable = await this.#read(at + 30, nameLength + extraLength);
    if (variable.length < nameLength + extraLength) throw refuse(ZIP_MESSAGES.damaged);
    const name = variable.toString('utf8', 0, nameLength);
    if (flags & FLAG_ENCRYPTED) throw refuse(ZIP_MESSAGES.partDamaged);
    if (method !== STORED && method !== DEFLATED) throw refuse(ZIP_MESSAGES.partDamaged);
    if (compressed === U32_MAX || uncompressed === U32_MAX) {
      // Zip64: the sizes are in the extra field 0x0001, the uncompressed one first.
      const extra = variable.subarray(nameLength);
      for (let p = 0; p + 4 <= extra.length; ) {
        const id = extra.readUInt16LE(p);
        const length = extra.readUInt16LE(p + 2);
        if (id === 0x0001) {
          let q = p + 4;
          const u64 = () => {
            if (q + 8 > p + 4 + length) throw refuse(ZIP_MESSAGES.damaged);
            const v = Number(extra.readBigUInt64LE(q));
            q += 8;
            return v;
          };
          if (uncompressed === U32_MAX) uncompressed = u64();
          if (compressed === U32_MAX) compressed = u64();
          break;
        }
        p += 4 + length;
      }
    }
    const descriptor = (flags & FLAG_DESCRIPTOR) !== 0;
    if (descriptor) {
      // The sizes follow the data: deflated, they are what inflating it gives; stored, the directory's.
      compressed = method === STORED ? (this.storedSizes.get(at) ?? null) : null;
      if (method === STORED && compressed === null) throw refuse(ZIP_MESSAGES.partDamaged);
      uncompressed = null;
    }
    const dataStart = at + 30 + nameLength + extraLength;
    if (compressed !== null && dataStart + compressed > this.size) throw refuse(ZIP_MESSAGES.damaged);
    if (uncompressed !== null && uncompressed > this.limits.maxEntryBytes)
      throw refuse(ZIP_MESSAGES.tooLarge);
    return {
      name,
      method,
      dataStart,
      compressedSize: compressed,
      uncompressedSize: uncompressed,
      descriptor,
    };
  }

  /** Where the next entry starts after a data descriptor (optional signature; 32- or 64-bit sizes). */
  async #afterDescriptor(at: number, compressed: number): Promise<number> {
    const d = await this.#read(at, 32);
    const start = d.length >= 4 && d.readUInt32LE(0) === DESCRIPTOR ? 4 : 0;
    const next = (p: number) => (p + 4 <= d.length ? d.readUInt32LE(p) : null);
    const known = (sig: number | null) => sig === LOCAL || (sig !== null && AFTER_ENTRIES.has(sig));
    // crc-32, then the compressed and uncompressed sizes.
    if (
      start + 12 <= d.length &&
      d.readUInt32LE(start + 4) === compressed % 2 ** 32 &&
      known(next(start + 12))
    )
      return at + start + 12;
    if (
      start + 20 <= d.length &&
      Number(d.readBigUInt64LE(start + 4)) === compressed &&
      known(next(start + 20))
    )
      return at + start + 20;
    throw refuse(ZIP_MESSAGES.damaged);
  }
}
