import {
  type ColumnSpec,
  INPUT_MESSAGES,
  isStorableText,
  normaliseHeader,
  type RowRule,
  type UploadTemplate,
} from '@insightra/contract';
import { badRequest } from '../../lib/http-error';
import { RowKeys } from './row-keys';

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
/** DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY (day first, as spreadsheets in India write them). */
const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YMD_SLASH = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
/** 5-Jun-2025, 05 Jun 2025, 5 June 2025 */
const D_MON_Y = /^(\d{1,2})[ -]([A-Za-z]{3,9})[ -](\d{4})$/;
const MONTHS = 'january february march april may june july august september october november december'.split(
  ' ',
);
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Powers of ten a double holds exactly. */
const EXACT_POWERS = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * The value of a plain number (digits with an optional sign and decimal point: no exponents, hex or
 * separators), as Number(text) gives it; NaN for other text. While its digits, read as one whole
 * number, are a safe integer and it has at most 22 places, that number divided by the power of ten is
 * the value: both are exact, and the division rounds once, as Number() does.
 */
function plainNumber(text: string): number {
  let i = 0;
  const first = text.charCodeAt(0);
  if (first === 43 || first === 45) i++; // + -
  let digits = 0;
  let units = 0;
  let c = text.charCodeAt(i);
  for (; c >= 48 && c <= 57; c = text.charCodeAt(++i), digits++) units = units * 10 + c - 48;
  let places = 0;
  if (c === 46) {
    // .
    for (c = text.charCodeAt(++i); c >= 48 && c <= 57; c = text.charCodeAt(++i), places++)
      units = units * 10 + c - 48;
  }
  if (digits + places === 0 || i !== text.length) return Number.NaN;
  if (units > Number.MAX_SAFE_INTEGER || places >= EXACT_POWERS.length) return Number(text);
  const value = units / EXACT_POWERS[places]!;
  return first === 45 ? -value : value;
}

/** The number written by the ASCII digits of `text` from `from` to `to`; -1 if another character is there. */
function digitsAt(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

function isoDate(y: number, mo: number, d: number): string | null {
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const max = mo === 2 && !leap ? 28 : MONTH_DAYS[mo - 1];
  if (y < 1 || max === undefined || d < 1 || d > max) return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The spreadsheet spellings of a date, as YYYY-MM-DD; null when the text is none of them. */
function spreadsheetDate(text: string): string | null {
  let m = DMY.exec(text);
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
  m = YMD_SLASH.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = D_MON_Y.exec(text);
  if (m) {
    const name = m[2]!.toLowerCase();
    const mo =
      MONTHS.findIndex(
        (full) => full === name || full.slice(0, 3) === name || (name === 'sept' && full === 'september'),
      ) + 1;
    if (mo > 0) return isoDate(Number(m[3]), mo, Number(m[1]));
  }
  return null;
}

/** `text.trim()`, without the call when the text starts and ends with a visible ASCII character. */
function trim(text: string): string {
  const a = text.charCodeAt(0);
  const b = text.charCodeAt(text.length - 1);
  return a > 32 && a < 127 && b > 32 && b < 127 ? text : text.trim();
}

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
      const find = (text: string) => lookup.get(text) ?? lookup.get(text.toLowerCase());
      // Most cells spell a value as the template does: compared as they are, without a lower-case copy.
      const spelt = kind.values.map((v) => v.value);
      const found = spelt.map(find);
      return (text) => {
        for (let k = 0; k < spelt.length; k++) if (text === spelt[k]) return found[k]!;
        return find(text) ?? new CellError(`${spec.name} ${show(text)} is not one of ${allowed}`);
      };
    }
    case 'number':
      return (text) => {
        const n = plainNumber(text);
        if (!Number.isFinite(n)) return new CellError(`${spec.name} ${show(text)} is not a number`);
        if (kind.integer && !Number.isInteger(n))
          return new CellError(`${spec.name} ${show(text)} is not a whole number`);
        if (n < kind.min || n > kind.max)
          return new CellError(`${spec.name} ${show(text)} is not between ${kind.min} and ${kind.max}`);
        return n;
      };
    case 'date': {
      const spreadsheet = kind.spellings === 'spreadsheet';
      const hint = spreadsheet ? 'use YYYY-MM-DD or DD/MM/YYYY' : 'use YYYY-MM-DD';
      return (text) => {
        // YYYY-MM-DD, the usual spelling, read without a regular expression.
        if (text.length === 10 && text.charCodeAt(4) === 45 && text.charCodeAt(7) === 45) {
          const y = digitsAt(text, 0, 4);
          const mo = digitsAt(text, 5, 7);
          const d = digitsAt(text, 8, 10);
          if (y >= 0 && mo >= 0 && d >= 0) {
            const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
            const max = mo === 2 && !leap ? 28 : MONTH_DAYS[mo - 1];
            if (y >= 1 && max !== undefined && d >= 1 && d <= max) return text;
            return new CellError(`${spec.name} ${show(text)} is not a date (${hint})`);
          }
        }
        const m = DATE.exec(text);
        if (m) {
          const y = Number(m[1]);
          const mo = Number(m[2]);
          const d = Number(m[3]);
          const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
          const max = mo === 2 && !leap ? 28 : MONTH_DAYS[mo - 1];
          if (y >= 1 && max !== undefined && d >= 1 && d <= max)
            return text.length === 10 ? text : text.slice(0, 10);
        } else if (spreadsheet) {
          const iso = spreadsheetDate(text);
          if (iso) return iso;
        }
        return new CellError(`${spec.name} ${show(text)} is not a date (${hint})`);
      };
    }
  }
}

/** A cell PostgreSQL could not store (a NUL character, half a surrogate pair), whatever its column. */
function storable(name: string, text: string): CellError | null {
  return isStorableText(text) ? null : new CellError(INPUT_MESSAGES.unstorable(name));
}

type RowCheck = (values: CellValue[]) => string | null;

/** A rule across two columns, compiled to column indexes; skipped when either cell is empty. */
function compileRule(template: UploadTemplate, rule: RowRule): RowCheck {
  const a = template.columns.findIndex((c) => c.name === rule.column);
  const b = template.columns.findIndex((c) => c.name === rule.other);
  // Dates are YYYY-MM-DD by now, so text order is date order.
  return (values) => {
    const x = values[a];
    const y = values[b];
    if (x === null || y === null || x === undefined || y === undefined) return null;
    const broken = rule.kind === 'not-before' ? x < y : x > y;
    return broken ? rule.message : null;
  };
}

/**
 * Validates rows against a template; keeps the row keys seen so far so that a repeat within the file
 * is rejected after its first occurrence.
 */
export class RowValidator {
  private readonly seen: RowKeys;
  private readonly keyIndexes: number[];
  private readonly keyName: string;
  private readonly checks: CellCheck[];
  private readonly rules: RowCheck[];
  private readonly required: boolean[];
  private readonly names: string[];
  constructor(
    readonly map: ColumnMap,
    /** The most bytes the row keys may take (RowKeys). */
    keyBytes?: number,
  ) {
    this.seen = new RowKeys(keyBytes);
    const { columns, rowKey, rules } = map.template;
    this.keyIndexes = rowKey.map((k) => columns.findIndex((c) => c.name === k));
    this.keyName = rowKey.join(', ');
    this.checks = columns.map(compile);
    this.rules = (rules ?? []).map((r) => compileRule(map.template, r));
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
      const text = raw ? trim(raw) : '';
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
    for (const rule of this.rules) {
      const broken = rule(values);
      if (broken) {
        errors ??= [];
        errors.push(broken);
      }
    }
    if (errors) return { ok: false, error: errors.join('; ') };
    // Key columns are required, so none is null here; the separator cannot occur in a cell.
    const key =
      this.keyIndexes.length === 1
        ? String(values[this.keyIndexes[0]!])
        : this.keyIndexes.map((i) => String(values[i])).join('\u0000');
    if (!this.seen.add(key)) {
      return {
        ok: false,
        error: `${this.keyName} ${show(key.replaceAll('\u0000', ' / '))} is a duplicate of an earlier row in this file`,
      };
    }
    return { ok: true, values };
  }
}

/** A row with nothing in it is not a record (spreadsheets often carry trailing blank rows). */
export function isBlankRow(row: string[]): boolean {
  for (const cell of row) if (cell !== undefined && cell !== null && String(cell).trim() !== '') return false;
  return true;
}
