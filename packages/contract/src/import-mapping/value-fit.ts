import type { ColumnSpec } from '../upload-template';
import { type ColumnProfile, type DecimalMark, dateSpelling, numberValue } from './value-shapes';

/** A file column as the guesser reads it: its header, its non-empty values and their shape. */
export interface FileColumn {
  index: number;
  header: string;
  values: readonly string[];
  profile: ColumnProfile;
}

/**
 * Whether a file column's values suit a template column: `strength` is how much they tell alone
 * (0 for values any text column could hold), `says` what they look like, for the reason.
 */
export interface ValueFit {
  verdict: 'fits' | 'contradicts' | 'unknown';
  strength: number;
  says: string;
}

/** Shares of values deciding a fit: most values suit, or most do not. */
const FITS = 0.9;
const CONTRADICTS = 0.5;
/** Template columns this large hold money: their values are amounts, not counts. */
const MONEY = 1e9;

const UNKNOWN: ValueFit = { verdict: 'unknown', strength: 0, says: '' };

function byShare(ok: number, all: number, fits: Omit<ValueFit, 'verdict'>, not: string): ValueFit {
  const share = ok / all;
  if (share >= FITS) return { verdict: 'fits', ...fits };
  if (share < CONTRADICTS) return { verdict: 'contradicts', strength: 0, says: not };
  return UNKNOWN;
}

const quoteList = (values: readonly string[]) => [...new Set(values)].slice(0, 3).join(', ');

/**
 * How well a file column's values suit a template column, the file's decimal mark applied. `soleKey`:
 * the column alone identifies a row (student_id), so unique codes point to it.
 */
export function valueFit(
  spec: ColumnSpec,
  column: FileColumn,
  mark: DecimalMark | undefined,
  soleKey: boolean,
): ValueFit {
  const { values, profile } = column;
  if (values.length === 0) return UNKNOWN;
  const kind = spec.kind;
  switch (kind.type) {
    case 'date': {
      if (profile.dates?.serial)
        return { verdict: 'fits', strength: 40, says: 'look like spreadsheet date numbers' };
      const dates = values.filter((v) => dateSpelling(v) !== undefined).length;
      return byShare(
        dates,
        values.length,
        { strength: 45, says: 'look like dates' },
        'do not look like dates',
      );
    }
    case 'enum': {
      const accepted = new Set(kind.values.flatMap((v) => [v.value.toLowerCase(), ...v.aliases]));
      const ok = values.filter((v) => accepted.has(v.toLowerCase()));
      const says = `are ${spec.label} values (${quoteList(ok)})`;
      return byShare(ok.length, values.length, { strength: 50, says }, `are not ${spec.label} values`);
    }
    case 'number': {
      const numbers = values.map((v) => numberValue(v, mark));
      const inRange = numbers.filter(
        (n) => n !== undefined && n >= kind.min && n <= kind.max && (!kind.integer || Number.isInteger(n)),
      ).length;
      const { min, max, median, integers } = profile.numbers ?? {
        min: 0,
        max: 0,
        median: 0,
        integers: false,
      };
      const says = `are numbers from ${min} to ${max}`;
      const not = kind.integer
        ? `are not whole numbers up to ${kind.max}`
        : `are not numbers up to ${kind.max}`;
      // Among number columns, whole numbers suit a count, fractions an amount or a score, and the
      // amounts of money columns are usually in thousands, other numbers below.
      const suits = [
        kind.integer === true ? integers : !integers,
        kind.max >= MONEY ? median >= 1000 : median < 1000,
      ].filter(Boolean).length;
      return byShare(inRange, values.length, { strength: 20 + 3 * suits, says }, not);
    }
    case 'text': {
      if (profile.shape === 'date') return { verdict: 'contradicts', strength: 0, says: 'look like dates' };
      return soleKey && profile.shape === 'identifier'
        ? { verdict: 'fits', strength: 35, says: 'look like unique codes' }
        : { verdict: 'fits', strength: 0, says: '' };
    }
  }
}
