/**
 * The row keys seen so far in an upload, to find a repeat: a million keys as a million strings in a
 * Set cost more to hash, grow and collect than the rest of a row's validation. Here the keys'
 * characters are kept in one growing buffer, with no object per key. While the keys come in order
 * (shorter first, then by their text: STU-0009 before STU-0010, LST 9 before LST 10, as most files
 * list their ids), a key after the last one cannot be a repeat and nothing else is done. From the
 * first key out of order, every key is found by its 32-bit hash in an open-addressing table of typed
 * arrays, and its characters are compared only when the hashes are equal.
 */
export class RowKeys {
  /** The last key while every key came after the one before it; null from the first that did not. */
  private last: string | null = '';
  /** Entry number + 1 per slot, 0 when free; a power of two, at most half full. Empty while in order. */
  private slots = new Int32Array(0);
  /** Each entry's hash, and where its characters end in `chars` (they start where the last ended). */
  private hashes = new Int32Array(1 << 10);
  private ends = new Int32Array(1 << 10);
  /** One byte per character while every key is Latin-1; two from the first that is not. */
  private chars: Uint8Array | Uint16Array = new Uint8Array(1 << 14);
  private used = 0;
  private count = 0;

  constructor(
    /** The most bytes the keys may take: in a worker, its heap limit, which does not see them. */
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  /** Adds `key`; false when it was there already. */
  add(key: string): boolean {
    const last = this.last;
    if (last !== null) {
      if (key.length > last.length || (key.length === last.length && key > last)) {
        this.last = key;
        this.store(key, 0);
        return true;
      }
      this.last = null;
      this.index();
    }
    const n = key.length;
    let h = 0x811c9dc5 ^ n;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    h = mix(h);
    const mask = this.slots.length - 1;
    let slot = h & mask;
    for (;;) {
      const entry = this.slots[slot]! - 1;
      if (entry < 0) break;
      if (this.hashes[entry] === h && this.equals(entry, key)) return false;
      slot = (slot + 1) & mask;
    }
    this.slots[slot] = this.store(key, h) + 1;
    if (this.count * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    return true;
  }

  private equals(entry: number, key: string): boolean {
    const start = entry === 0 ? 0 : this.ends[entry - 1]!;
    if (this.ends[entry]! - start !== key.length) return false;
    const chars = this.chars;
    for (let i = 0; i < key.length; i++) if (chars[start + i] !== key.charCodeAt(i)) return false;
    return true;
  }

  /** Keeps `key` as the next entry; returns its number. */
  private store(key: string, h: number): number {
    const entry = this.count++;
    if (entry === this.ends.length) {
      this.fits(this.ends.byteLength * 2);
      this.hashes = grown(this.hashes, entry * 2);
      this.ends = grown(this.ends, entry * 2);
    }
    const n = key.length;
    if (this.used + n > this.chars.length) {
      const size = Math.max(this.chars.length * 2, this.used + n);
      this.fits((size - this.chars.length) * this.chars.BYTES_PER_ELEMENT);
      const bigger = this.chars instanceof Uint8Array ? new Uint8Array(size) : new Uint16Array(size);
      bigger.set(this.chars.subarray(0, this.used));
      this.chars = bigger;
    }
    let chars = this.chars;
    const at = this.used;
    for (let i = 0; i < n; i++) {
      const c = key.charCodeAt(i);
      if (c > 0xff && chars instanceof Uint8Array) {
        this.fits(chars.byteLength);
        chars = Uint16Array.from(chars);
        this.chars = chars;
      }
      chars[at + i] = c;
    }
    this.used = at + n;
    this.hashes[entry] = h;
    this.ends[entry] = this.used;
    return entry;
  }

  /** Hashes the keys kept in order, for the table. */
  private index(): void {
    const chars = this.chars;
    let start = 0;
    for (let entry = 0; entry < this.count; entry++) {
      const end = this.ends[entry]!;
      let h = 0x811c9dc5 ^ (end - start);
      for (let i = start; i < end; i++) h = Math.imul(h ^ chars[i]!, 0x01000193);
      this.hashes[entry] = mix(h);
      start = end;
    }
    let size = 1 << 12;
    while (this.count * 2 > size) size *= 2;
    this.rehash(size);
  }

  private rehash(size: number): void {
    this.fits((size - this.slots.length) * 4);
    const slots = new Int32Array(size);
    const mask = size - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = this.hashes[entry]! & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    }
    this.slots = slots;
  }

  /** Throws KeysTooLarge when `more` bytes would take the keys past their bound. */
  private fits(more: number): void {
    const bytes = this.slots.byteLength + this.hashes.byteLength * 2 + this.chars.byteLength;
    if (bytes + more > this.maxBytes) throw new KeysTooLarge();
  }
}

/** The row keys of an upload would take more memory than they may. */
export class KeysTooLarge extends Error {
  constructor() {
    super('The row keys take more memory than they may');
  }
}

/** A hash's bits mixed so that the low ones, which pick the slot, depend on every character. */
function mix(h: number): number {
  let x = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return x ^ (x >>> 16);
}

function grown(array: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(size);
  bigger.set(array);
  return bigger;
}
