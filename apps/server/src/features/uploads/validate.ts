import {
  type ColumnSpec,
  INPUT_MESSAGES,
  isStorableText,
  normaliseHeader,
  type UploadTemplate,
} from '@insightra/contract';
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
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function show(value: string): string {
  return value.length > 40 ? `"${value.slice(0, 40)}…"` : `"${value}"`;
}

/** A failed cell; a passing cell's checker returns the value itself (no wrapper per cell). */
class CellError {
  constructor(readonly message: string) {}
}
type CellCheck = (text: string) => CellValue | CellError;

/**
 * One checker per column, compiled once from its spec: a million rows make this the hot loop, so
 * enumerations become map lookups and dates are checked without building Date objects.
 */
function compile(spec: ColumnSpec): CellCheck {
  const kind = spec.kind;
  switch (kind.type) {
    case 'text':
      return (text) =>
        text.length > kind.maxLength
          ? new CellError(`${spec.name} ${show(text)} is longer than ${kind.maxLength} characters`)
          : text;
    case 'enum': {
      const lookup = new Map<string, string>();
      for (const v of kind.values) {
        lookup.set(v.value.toLowerCase(), v.value);
        for (const alias of v.aliases) lookup.set(alias.toLowerCase(), v.value);
      }
      const allowed = kind.values.map((v) => v.value).join(', ');
      return (text) => {
        const hit = lookup.get(text) ?? lookup.get(text.toLowerCase());
        return hit ?? new CellError(`${spec.name} ${show(text)} is not one of ${allowed}`);
      };
    }
    case 'number':
      return (text) => {
        const n = Number(text);
        if (!Number.isFinite(n)) return new CellError(`${spec.name} ${show(text)} is not a number`);
        if (n < kind.min || n > kind.max)
          return new CellError(`${spec.name} ${show(text)} is not between ${kind.min} and ${kind.max}`);
        return n;
      };
    case 'date':
      return (text) => {
        const m = DATE.exec(text);
        if (m) {
          const y = Number(m[1]);
          const mo = Number(m[2]);
          const d = Number(m[3]);
          const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
          const max = mo === 2 && !leap ? 28 : MONTH_DAYS[mo - 1];
          if (y >= 1 && max !== undefined && d >= 1 && d <= max)
            return text.length === 10 ? text : text.slice(0, 10);
        }
        return new CellError(`${spec.name} ${show(text)} is not a date (use YYYY-MM-DD)`);
      };
  }
}

/** A cell PostgreSQL could not store (a NUL character, half a surrogate pair), whatever its column. */
function storable(name: string, text: string): CellError | null {
  return isStorableText(text) ? null : new CellError(INPUT_MESSAGES.unstorable(name));
}

/**
 * Validates rows against a template; keeps the values of the unique columns seen so far so that a
 * repeat within the file is rejected after its first occurrence.
 */
export class RowValidator {
  private readonly seen: (Set<string> | null)[];
  private readonly checks: CellCheck[];
  private readonly required: boolean[];
  private readonly names: string[];
  constructor(readonly map: ColumnMap) {
    const { columns } = map.template;
    this.seen = columns.map((c) => (c.unique ? new Set<string>() : null));
    this.checks = columns.map(compile);
    this.required = columns.map((c) => c.required);
    this.names = columns.map((c) => c.name);
  }

  check(row: string[]): RowResult {
    const n = this.checks.length;
    const values: CellValue[] = new Array(n);
    let errors: string[] | null = null;
    for (let i = 0; i < n; i++) {
      const pos = this.map.positions[i]!;
      const raw = pos === -1 ? '' : row[pos];
      const text = raw ? raw.trim() : '';
      if (text === '') {
        if (this.required[i]) {
          errors ??= [];
          errors.push(`${this.names[i]} is required`);
        } else values[i] = null;
        continue;
      }
      const result = storable(this.names[i]!, text) ?? this.checks[i]!(text);
      if (result instanceof CellError) {
        errors ??= [];
        errors.push(result.message);
      } else values[i] = result;
    }
    if (errors) return { ok: false, error: errors.join('; ') };
    for (let i = 0; i < n; i++) {
      const seen = this.seen[i];
      if (!seen || values[i] === null) continue;
      const key = String(values[i]);
      if (seen.has(key)) {
        return {
          ok: false,
          error: `${this.names[i]} ${show(key)} is a duplicate of an earlier row in this file`,
        };
      }
      seen.add(key);
    }
    return { ok: true, values };
  }
}

/** A row with nothing in it is not a record (spreadsheets often carry trailing blank rows). */
export function isBlankRow(row: string[]): boolean {
  for (const cell of row) if (cell !== undefined && cell !== null && String(cell).trim() !== '') return false;
  return true;
}
