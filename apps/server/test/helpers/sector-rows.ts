import { type ColumnSpec, INDUSTRIES, type SectorDeclaration } from '@insightra/contract';

/**
 * Rows for any sector's upload, made from its declaration: the same validation, rejected-row and
 * purge tests then run for every sector (and for a seventh without more test code).
 */

/** The sectors table's id of a declaration's industry (seeded in INDUSTRIES order). */
export const sectorIdOf = (d: SectorDeclaration) => INDUSTRIES.findIndex((i) => i.name === d.industry) + 1;

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The i-th valid row (cells in column order): the examples, the first key column made distinct. */
export function validRow(d: SectorDeclaration, i: number): string[] {
  const first = d.upload.rowKey[0];
  return d.upload.columns.map((c) => {
    if (c.name !== first) return c.example;
    return c.kind.type === 'date' ? addDays(c.example, i) : `${c.example}-${i}`;
  });
}

export const headerOf = (d: SectorDeclaration) => d.upload.columns.map((c) => c.name);

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
export const sectorCsv = (header: string[], rows: string[][]) =>
  `${[header, ...rows].map((r) => r.map(cell).join(',')).join('\n')}\n`;

const index = (d: SectorDeclaration, name: string) => d.upload.columns.findIndex((c) => c.name === name);

function badValue(c: ColumnSpec): { value: string; message: string } {
  const kind = c.kind;
  switch (kind.type) {
    case 'text':
      return {
        value: 'x'.repeat(kind.maxLength + 1),
        message: `is longer than ${kind.maxLength} characters`,
      };
    case 'enum':
      return {
        value: 'zzz',
        message: `${c.name} "zzz" is not one of ${kind.values.map((v) => v.value).join(', ')}`,
      };
    case 'number':
      return kind.integer
        ? { value: '1.5', message: `${c.name} "1.5" is not a whole number` }
        : { value: '1e3', message: `${c.name} "1e3" is not a number` };
    case 'date':
      return { value: '2025-02-30', message: `${c.name} "2025-02-30" is not a date` };
  }
}

/** Invalid rows, each with the reason the rejected-rows file must give. */
export function invalidRows(d: SectorDeclaration, start: number): { row: string[]; message: string }[] {
  const out: { row: string[]; message: string }[] = [];
  let i = start;
  d.upload.columns.forEach((c, col) => {
    const bad = badValue(c);
    const row = validRow(d, i++);
    row[col] = bad.value;
    out.push({ row, message: bad.message });
    if (c.required) {
      const empty = validRow(d, i++);
      empty[col] = '';
      out.push({ row: empty, message: `${c.name} is required` });
    }
  });
  for (const rule of d.upload.rules ?? []) {
    const row = validRow(d, i++);
    const other = row[index(d, rule.other)]!;
    const spec = d.upload.columns[index(d, rule.column)]!;
    row[index(d, rule.column)] =
      spec.kind.type === 'date'
        ? addDays(other, rule.kind === 'not-before' ? -1 : 1)
        : String(Number(other) + 1);
    out.push({ row, message: rule.message });
  }
  return out;
}

/**
 * A valid row written with the other accepted spellings: enumerations as an alias in capitals, dates
 * as DD/MM/YYYY where the column takes spreadsheet dates; with what each column must store (as text).
 */
export function spelledRow(
  d: SectorDeclaration,
  i: number,
): { row: string[]; stored: Record<string, string> } {
  const row = validRow(d, i);
  const stored: Record<string, string> = {};
  d.upload.columns.forEach((c, col) => {
    const kind = c.kind;
    const value = row[col]!;
    if (kind.type === 'enum') {
      const entry = kind.values.find((v) => v.value === value)!;
      row[col] = (entry.aliases.at(-1) ?? entry.value).toUpperCase();
      stored[c.name] = kind.boolean ? String(entry === kind.values[0]) : entry.value;
    } else if (kind.type === 'date' && kind.spellings === 'spreadsheet') {
      const [y, m, day] = value.split('-');
      row[col] = `${day}/${m}/${y}`;
      stored[c.name] = value;
    } else stored[c.name] = value;
  });
  return { row, stored };
}
