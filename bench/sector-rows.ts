import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { type ColumnSpec, INDUSTRIES, type SectorDeclaration } from '@insightra/contract';

/**
 * Benchmark rows for any sector, made from its declaration and deterministic in the row number: row
 * keys distinct (a date over two years, then the other key columns), free-text columns drawn from a
 * dozen names (as a member's dealers, cities or stores), enumerations spread over their values, and
 * the declaration's rules kept (a sale on or after its listing, rooms sold at most rooms available),
 * so the same rows pass the upload's validation.
 */

const DAYS = 730;
const FIRST_DAY = Date.UTC(2024, 0, 1);
/** Distinct names per free-text column that is not the last part of the row key. */
const NAMES = 12;

/** An evenly spread number in 0..2^32-1 for row `i` and column `c`. */
function hash(i: number, c: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(c + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

const isoDay = (day: number) => new Date(FIRST_DAY + day * 86_400_000).toISOString().slice(0, 10);
const dayOf = (iso: string) => Math.round((Date.parse(`${iso}T00:00:00Z`) - FIRST_DAY) / 86_400_000);

/** A row's values as the upload's CSV spells them ('' for an empty cell), in column order. */
export function sectorRow(d: SectorDeclaration, i: number): string[] {
  const cols = d.upload.columns;
  const out = new Map<string, string>();
  const key = cols.filter((c) => d.upload.rowKey.includes(c.name));
  const keyDate = key.find((c) => c.kind.type === 'date');
  let rest = i;
  if (keyDate) {
    out.set(keyDate.name, isoDay(i % DAYS));
    rest = Math.floor(i / DAYS);
  }
  // Enumerations first, then text: the last text key column takes what remains of the row number.
  const others = [
    ...key.filter((c) => c !== keyDate && c.kind.type === 'enum'),
    ...key.filter((c) => c !== keyDate && c.kind.type !== 'enum'),
  ];
  others.forEach((c, n) => {
    const last = n === others.length - 1;
    if (c.kind.type === 'enum') {
      const values = c.kind.values;
      out.set(c.name, values[rest % values.length]!.value);
      rest = Math.floor(rest / values.length);
    } else if (last) out.set(c.name, `${c.example} ${keyDate ? rest : i}`);
    else {
      out.set(c.name, `${c.example} ${rest % NAMES}`);
      rest = Math.floor(rest / NAMES);
    }
  });
  cols.forEach((c, n) => {
    if (!out.has(c.name)) out.set(c.name, freeValue(c, hash(i, n)));
  });
  for (const rule of d.upload.rules ?? []) {
    const other = out.get(rule.other)!;
    const h = hash(i, 99);
    if (out.get(rule.column) === '') continue;
    if (rule.kind === 'not-before') out.set(rule.column, isoDay(dayOf(other) + (h % 120)));
    else out.set(rule.column, String(Math.floor((Number(other) * (h % 101)) / 100)));
  }
  return cols.map((c) => out.get(c.name)!);
}

function freeValue(c: ColumnSpec, h: number): string {
  if (!c.required && h % 10 === 0) return '';
  const kind = c.kind;
  switch (kind.type) {
    case 'date':
      return isoDay(h % DAYS);
    case 'enum':
      return kind.values[h % kind.values.length]!.value;
    case 'text':
      return `${c.example} ${h % NAMES}`;
    case 'number': {
      const top = Math.min(kind.max, kind.integer ? 200 : 5_000_000);
      const v = (h % 100_000) / 100_000;
      return kind.integer ? String(1 + Math.floor(v * top)) : (v * top).toFixed(2);
    }
  }
}

/** The same row as a line of COPY text for the sector's table (upload_id, organisation_id, then the columns). */
export function copyLine(d: SectorDeclaration, uploadId: number, organisationId: number, i: number): string {
  const cells = sectorRow(d, i).map((v, n) => {
    if (v === '') return '\\N';
    const kind = d.upload.columns[n]!.kind;
    if (kind.type === 'enum' && kind.boolean) return v === kind.values[0]!.value ? 't' : 'f';
    return v;
  });
  return `${uploadId}\t${organisationId}\t${cells.join('\t')}\n`;
}

export const copyColumns = (d: SectorDeclaration) =>
  ['upload_id', 'organisation_id', ...d.upload.columns.map((c) => `"${c.name}"`)].join(', ');

/** The sector's i-th row's id in the sectors table (seeded in INDUSTRIES order). */
export const sectorIdOf = (d: SectorDeclaration) => INDUSTRIES.findIndex((i) => i.name === d.industry) + 1;

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** A CSV upload of `rows` rows of the sector (numbered from `first`), with its header. */
export async function writeSectorCsv(d: SectorDeclaration, file: string, rows: number, first = 1) {
  const out = createWriteStream(file);
  out.write(`${d.upload.columns.map((c) => c.name).join(',')}\n`);
  let buf = '';
  for (let i = first; i < first + rows; i++) {
    buf += `${sectorRow(d, i).map(csvCell).join(',')}\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'close');
}
