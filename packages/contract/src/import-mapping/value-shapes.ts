/**
 * What a column's values look like: dates (and whether they read day-first or month-first), numbers
 * (and whether their decimal mark is a point or a comma), Yes/No, M/F, unique codes or free text.
 * Read from the first rows of a file; the member is asked about order and mark only when no value
 * tells (every day ≤ 12; every separator followed by exactly three digits).
 */

export type DateOrder = 'day-first' | 'month-first';
export type DecimalMark = 'point' | 'comma';

/** `order` undefined with `ambiguous`: no value tells; without it: no value needs an order (ISO). */
export interface DateOrderReading {
  order: DateOrder | undefined;
  ambiguous: boolean;
}

/** `mark` undefined with `ambiguous`: only values like `1,234`; without it: whole numbers only. */
export interface DecimalReading {
  mark: DecimalMark | undefined;
  ambiguous: boolean;
}

export type ValueShape = 'empty' | 'date' | 'number' | 'yes-no' | 'gender' | 'identifier' | 'text';

export interface ColumnProfile {
  shape: ValueShape;
  /** Non-empty values read. */
  filled: number;
  /** Distinct non-empty values (case-insensitive). */
  distinct: number;
  /** Dates: how they read, and whether they are spreadsheet serial day numbers. */
  dates?: DateOrderReading & { serial: boolean };
  /** Numbers: the decimal mark, whole numbers only, the range and the median. */
  numbers?: DecimalReading & { integers: boolean; min: number; max: number; median: number };
}

/** The guesser reads at most this many rows of a file (the preview's rejection counts do too). */
export const SAMPLE_ROWS = 1000;

/** A share of a column's values at least this large decides its shape. */
const MOSTLY = 0.9;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[ap]m)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`, 'i');
const DAY_OR_MONTH_FIRST = new RegExp(String.raw`^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})${TIME}$`, 'i');
const NAMED_MONTH =
  /^(?:(\d{1,2})[\s\-/.]*([a-z]{3,9})\.?[\s\-/.,]*(\d{2}|\d{4})|([a-z]{3,9})\.?[\s\-/.]*(\d{1,2})(?:st|nd|rd|th)?,?[\s\-/.]*(\d{4}))$/i;
const YES_NO = new Set(['yes', 'no', 'y', 'n', 'true', 'false', '1', '0']);
const GENDERS = new Set(['m', 'f', 'male', 'female', 'man', 'woman', 'boy', 'girl', 'o', 'other']);
/** Spreadsheet day numbers from 1990 to 2060: what a date cell exported without its format reads. */
const SERIAL_MIN = 32874;
const SERIAL_MAX = 58440;

const validDay = (month: number, day: number) => month >= 1 && month <= 12 && day >= 1 && day <= 31;
const isMonthName = (word: string) => MONTHS.includes(word.slice(0, 3).toLowerCase());

/**
 * One value as a date: `'fixed'` when its spelling leaves no doubt (ISO, year first, a month's name),
 * the order it proves (a first number above 12 is a day), `'either'` when both orders read, or
 * undefined when it is no date.
 */
export function dateSpelling(value: string): 'fixed' | DateOrder | 'either' | undefined {
  const text = value.trim();
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return validDay(Number(yearFirst[2]), Number(yearFirst[3])) ? 'fixed' : undefined;
  const named = NAMED_MONTH.exec(text);
  if (named) return isMonthName(named[2] ?? named[4] ?? '') ? 'fixed' : undefined;
  const numeric = DAY_OR_MONTH_FIRST.exec(text);
  if (!numeric) return undefined;
  const [a, b] = [Number(numeric[1]), Number(numeric[2])];
  const dayFirst = validDay(b, a);
  const monthFirst = validDay(a, b);
  if (dayFirst && monthFirst) return 'either';
  return dayFirst ? 'day-first' : monthFirst ? 'month-first' : undefined;
}

/** How a column's (or a file's) dates read: one order proven and the other never. */
export function readDateOrder(values: readonly string[]): DateOrderReading {
  const seen = new Set(values.map(dateSpelling));
  const dayFirst = seen.has('day-first');
  const monthFirst = seen.has('month-first');
  if (dayFirst !== monthFirst) return { order: dayFirst ? 'day-first' : 'month-first', ambiguous: false };
  return { order: undefined, ambiguous: dayFirst || seen.has('either') };
}

/** Whole digits, bare or grouped by thousands (1,234,567) or the Indian way (12,34,567) with `sep`. */
function grouped(whole: string, sep: string): boolean {
  const [first = '', ...rest] = whole.split(sep);
  if (rest.length === 0) return /^\d+$/.test(first);
  const last = rest.pop() ?? '';
  const middle = rest.every((g) => /^\d{3}$/.test(g)) || rest.every((g) => /^\d{2}$/.test(g));
  return /^[1-9]\d{0,2}$/.test(first) && /^\d{3}$/.test(last) && middle;
}

/** Currency signs and words, percent signs, spaces (also thin and no-break ones) and a sign. */
function bareNumber(value: string): { sign: number; body: string } {
  const body = value
    .trim()
    .replace(/^(?:₹|rs\.?|inr|\$|€|£)\s*/i, '')
    .replace(/\s*(?:₹|inr|%)$/i, '')
    .replace(/[\s\u00a0\u202f']/g, '');
  return body.startsWith('-') ? { sign: -1, body: body.slice(1) } : { sign: 1, body };
}

/** A number written with `mark` as its decimal mark (the other sign groups digits); undefined if not. */
export function parseNumber(value: string, mark: DecimalMark): number | undefined {
  const { sign, body } = bareNumber(value);
  const [decimal, group] = mark === 'point' ? ['.', ','] : [',', '.'];
  const [whole = '', fraction, extra] = body.split(decimal);
  if (extra !== undefined || (fraction !== undefined && !/^\d+$/.test(fraction))) return undefined;
  if (whole === '' ? fraction === undefined : !grouped(whole, group)) return undefined;
  return sign * Number(`${whole.split(group).join('') || '0'}.${fraction ?? '0'}`);
}

/** What one value says about the decimal mark: nothing (no separator), one mark, or either. */
function markOf(value: string): DecimalMark | 'either' | 'none' | undefined {
  const point = parseNumber(value, 'point');
  const comma = parseNumber(value, 'comma');
  if (point === undefined && comma === undefined) return undefined;
  if (!/[.,]/.test(value)) return 'none';
  if (point !== undefined && comma !== undefined) return point === comma ? 'none' : 'either';
  return point !== undefined ? 'point' : 'comma';
}

/** How a column's (or a file's) numbers read: one mark proven and the other never. */
export function readDecimalMark(values: readonly string[]): DecimalReading {
  const seen = new Set(values.map(markOf));
  const point = seen.has('point');
  const comma = seen.has('comma');
  if (point !== comma) return { mark: point ? 'point' : 'comma', ambiguous: false };
  return { mark: undefined, ambiguous: point || seen.has('either') };
}

/** A value read as a number: with the given mark, or else the first reading that works. */
export function numberValue(value: string, mark: DecimalMark | undefined): number | undefined {
  return mark ? parseNumber(value, mark) : (parseNumber(value, 'point') ?? parseNumber(value, 'comma'));
}

const share = (count: number, of: number) => (of === 0 ? 0 : count / of);

function numbersOf(filled: readonly string[]): ColumnProfile['numbers'] {
  const decimal = readDecimalMark(filled);
  const read = filled.map((v) => numberValue(v, decimal.mark));
  const numbers = read.filter((n): n is number => n !== undefined).sort((a, b) => a - b);
  if (share(numbers.length, filled.length) < MOSTLY) return undefined;
  return {
    ...decimal,
    integers: numbers.every(Number.isInteger),
    min: numbers[0]!,
    max: numbers.at(-1)!,
    median: numbers[Math.floor(numbers.length / 2)]!,
  };
}

/** A code such as STU-0001, R-101 or 00417: one word with digits, not a number (but for leading zeros). */
const looksLikeCode = (v: string) =>
  /^0\d+$/.test(v) ||
  (/\d/.test(v) && /^[\p{L}\d\-/_.#]+$/u.test(v) && numberValue(v, undefined) === undefined);

/** The shape of a column from its values (the caller passes at most SAMPLE_ROWS of them). */
export function profileColumn(values: readonly string[]): ColumnProfile {
  const filled = values.map((v) => v.trim()).filter((v) => v !== '');
  const lower = new Set(filled.map((v) => v.toLowerCase()));
  const base = { filled: filled.length, distinct: lower.size };
  if (filled.length === 0) return { shape: 'empty', ...base };
  if ([...lower].every((v) => YES_NO.has(v))) return { shape: 'yes-no', ...base };
  if ([...lower].every((v) => GENDERS.has(v))) return { shape: 'gender', ...base };
  if (share(filled.filter((v) => dateSpelling(v)).length, filled.length) >= MOSTLY) {
    return { shape: 'date', ...base, dates: { ...readDateOrder(filled), serial: false } };
  }
  if (lower.size === filled.length && filled.length >= 3 && filled.every(looksLikeCode)) {
    return { shape: 'identifier', ...base };
  }
  const numbers = numbersOf(filled);
  if (!numbers) return { shape: 'text', ...base };
  const serial =
    numbers.integers &&
    numbers.min >= SERIAL_MIN &&
    numbers.max <= SERIAL_MAX &&
    numbers.max - numbers.min <= 3660;
  return serial
    ? { shape: 'date', ...base, numbers, dates: { order: undefined, ambiguous: false, serial: true } }
    : { shape: 'number', ...base, numbers };
}
