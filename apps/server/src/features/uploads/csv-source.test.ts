import { StringDecoder } from 'node:string_decoder';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvBatches } from './csv-source';
import type { RowBatch } from './types';

/** A deterministic stream of numbers in 0..1 (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Text of `length` characters drawn from `alphabet`. */
function text(next: () => number, alphabet: string[], length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
  return out;
}

function chunksOf(file: string, cuts: number[]): Buffer[] {
  const bytes = Buffer.from(file, 'utf8');
  const ends = [...cuts.map((c) => Math.min(c, bytes.length)), bytes.length];
  return ends.map((end, i) => bytes.subarray(i ? ends[i - 1] : 0, end));
}

async function rowsOf(chunks: Buffer[]): Promise<RowBatch> {
  async function* stream() {
    yield* chunks;
  }
  const rows: RowBatch = [];
  for await (const batch of csvBatches(stream())) rows.push(...batch);
  return rows;
}

/** The same chunks read by papaparse alone: each chunk's text with the incomplete tail carried on. */
function papaRowsOf(chunks: Buffer[], delimiter: string): RowBatch {
  const decoder = new StringDecoder('utf8');
  const parser = new Papa.Parser({ delimiter });
  const rows: RowBatch = [];
  let carry = '';
  for (const chunk of chunks) {
    const text = carry + decoder.write(chunk);
    const result = parser.parse(text, 0, true);
    rows.push(...(result.data as RowBatch));
    carry = text.slice(result.meta.cursor);
  }
  const rest = carry + decoder.end();
  if (rest) rows.push(...(parser.parse(rest, 0, false).data as RowBatch));
  return rows;
}

describe('csvBatches', () => {
  it('reads the rows papaparse reads from the same chunks, wherever they are cut', async () => {
    const next = random(7);
    for (let n = 0; n < 300; n++) {
      const quotes = n % 3 === 0;
      const alphabet = [
        'a',
        'b',
        'é',
        '名',
        ',',
        ',',
        ';',
        '\t',
        '\n',
        '\n',
        '\r',
        ' ',
        ...(quotes ? ['"'] : []),
      ];
      const header = ['a,b,c', 'a;b;c', 'a\tb\tc', 'abc'][n % 4]!;
      const file = `${header}\n${text(next, alphabet, Math.floor(next() * 400))}`;
      const cuts = Array.from({ length: 1 + Math.floor(next() * 6) }, () =>
        Math.floor(next() * file.length * 1.5),
      );
      cuts.sort((x, y) => x - y);
      const chunks = chunksOf(file, cuts);
      const delimiter = header.includes(';') ? ';' : header.includes('\t') ? '\t' : ',';
      expect(await rowsOf(chunks), JSON.stringify({ file, cuts })).toEqual(papaRowsOf(chunks, delimiter));
    }
  });

  it('keeps empty lines, empty cells and carriage returns as papaparse does', async () => {
    const file = 'a,b\r\n1,2\r\n\r\n,\n\n3,,4\n5';
    expect(await rowsOf(chunksOf(file, [3, 9, 10]))).toEqual([
      ['a', 'b\r'],
      ['1', '2\r'],
      ['\r'],
      ['', ''],
      [''],
      ['3', '', '4'],
      ['5'],
    ]);
  });
});
