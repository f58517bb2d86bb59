import { type ColumnSpec, normaliseHeader, type UploadTemplate } from '@insightra/contract';
import { badRequest } from '../../lib/http-error';

/** Where each template column sits in the uploaded header row. */
export interface ColumnMap {
  template: UploadTemplate;
  /** index in the file for each template column, -1 when an optional column is absent */
  positions: number[];
  header: string[];
}

/** Matches the header row against the template; a missing required column rejects the whole file. */
export function mapHeader(template: UploadTemplate, rawHeader: string[]): ColumnMap {
  const header = rawHeader.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, '') : h).trim());
  const normalised = header.map(normaliseHeader);
  const positions = template.columns.map((col) => normalised.indexOf(normaliseHeader(col.name)));
  const missing = template.columns.filter((col, i) => col.required && positions[i] === -1).map((c) => c.name);
  if (missing.length === 1) throw badRequest(`Missing required column: ${missing[0]}`);
  if (missing.length > 1) throw badRequest(`Missing required columns: ${missing.join(', ')}`);
  return { template, positions, header };
}

export type CellValue = string | number | boolean | null;

export type RowResult = { ok: true; values: CellValue[] } | { ok: false; error: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T][\d:.]+Z?)?$/;

function show(value: string): string {
  return value.length > 40 ? `"${value.slice(0, 40)}…"` : `"${value}"`;
}

/** One cell against its spec: the stored value, or the reason naming the column and the value. */
function checkCell(spec: ColumnSpec, raw: string): { value: CellValue } | { error: string } {
  const text = raw.trim();
  if (text === '') return spec.required ? { error: `${spec.name} is required` } : { value: null };
  const kind = spec.kind;
  switch (kind.type) {
    case 'text':
      return text.length > kind.maxLength
        ? { error: `${spec.name} ${show(text)} is longer than ${kind.maxLength} characters` }
        : { value: text };
    case 'enum': {
      const lower = text.toLowerCase();
      const hit = kind.values.find((v) => v.value.toLowerCase() === lower || v.aliases.includes(lower));
      return hit
        ? { value: hit.value }
        : { error: `${spec.name} ${show(text)} is not one of ${kind.values.map((v) => v.value).join(', ')}` };
    }
    case 'number': {
      const n = Number(text);
      if (!Number.isFinite(n)) return { error: `${spec.name} ${show(text)} is not a number` };
      if (n < kind.min || n > kind.max)
        return { error: `${spec.name} ${show(text)} is not between ${kind.min} and ${kind.max}` };
      return { value: n };
    }
    case 'date': {
      const m = DATE.exec(text);
      if (m) {
        const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
        const date = new Date(Date.UTC(y, mo - 1, d));
        if (date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d)
          return { value: `${m[1]}-${m[2]}-${m[3]}` };
      }
      return { error: `${spec.name} ${show(text)} is not a date (use YYYY-MM-DD)` };
    }
  }
}

/**
 * Validates rows against a template; keeps the values of the unique columns seen so far so that a
 * repeat within the file is rejected after its first occurrence.
 */
export class RowValidator {
  private readonly seen: Set<string>[];
  constructor(readonly map: ColumnMap) {
    this.seen = map.template.columns.map(() => new Set<string>());
  }

  check(row: string[]): RowResult {
    const { columns } = this.map.template;
    const values: CellValue[] = new Array(columns.length);
    const errors: string[] = [];
    for (let i = 0; i < columns.length; i++) {
      const spec = columns[i]!;
      const pos = this.map.positions[i]!;
      const result = checkCell(spec, pos === -1 ? '' : (row[pos] ?? ''));
      if ('error' in result) errors.push(result.error);
      else values[i] = result.value;
    }
    if (errors.length === 0) {
      for (let i = 0; i < columns.length; i++) {
        if (!columns[i]!.unique || values[i] === null) continue;
        const key = String(values[i]);
        if (this.seen[i]!.has(key)) {
          errors.push(`${columns[i]!.name} ${show(key)} is a duplicate of an earlier row in this file`);
        } else this.seen[i]!.add(key);
      }
    }
    return errors.length ? { ok: false, error: errors.join('; ') } : { ok: true, values };
  }
}

/** A row with nothing in it is not a record (spreadsheets often carry trailing blank rows). */
export function isBlankRow(row: string[]): boolean {
  for (const cell of row) if (cell !== undefined && cell !== null && String(cell).trim() !== '') return false;
  return true;
}
