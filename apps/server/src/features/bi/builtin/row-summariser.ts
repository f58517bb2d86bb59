import type { ColumnSpec, DimensionSpec, SectorDeclaration } from '@insightra/contract';
import { type Decimal, decimalOf, decimalText, ExactSum, quotient, withScale } from './exact-decimal';
import { bandCount, type SummaryRow, summaryShape, termParts } from './summary-repository';

/**
 * An upload's summary made from its rows as they are validated, in the same pass as their COPY text
 * (docs/decisions/122-upload-summaries.md): the groups, labels and terms the summary query
 * (summary-repository.ts) gives over the same rows once stored. Values are taken as their columns
 * store them, and sums are exact, as numeric's are.
 */

/** A validated row's cells, in the template's column order (uploads/validate.ts); an array per row. */
export type RowValues = readonly (string | number | boolean | null | undefined)[];

/**
 * Number columns stored as numeric(p, s), by table (Education's score, migration 0001): a value is
 * rounded to `s` places as it is stored. Every other number column keeps the value as written
 * (integer, bigint or numeric, db/sector-tables.ts).
 */
const STORED_SCALES: Record<string, Record<string, number>> = { dataset_rows: { score: 2 } };

/** A field's number in a row (a column, a Yes/No as 1/0, a derived number of days), or null. */
type FieldOf = (row: RowValues) => Decimal | null;
/** A column's value as PostgreSQL's `::text` gives it, or null. */
type TextOf = (row: RowValues) => string | null;
/** A dimension's key in a row (null for no value) and the label of a key. */
interface DimensionReader {
  key: (row: RowValues) => string | number | null;
  label: (key: string | number) => string;
}

/** The number written by `count` digits of `text` from `from`. */
function digits(text: string, from: number, count: number): number {
  let n = 0;
  for (let k = from; k < from + count; k++) n = n * 10 + text.charCodeAt(k) - 48;
  return n;
}

/** Days from 1970-01-01 of a YYYY-MM-DD date, in the proleptic Gregorian calendar (as `date`). */
function dayNumber(iso: string): number {
  const m = digits(iso, 5, 2);
  const y = digits(iso, 0, 4) - (m <= 2 ? 1 : 0);
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + digits(iso, 8, 2) - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

/** A reader that reads each row once: a row's terms and labels may ask for the same field. */
function oncePerRow<T>(read: (row: RowValues) => T): (row: RowValues) => T {
  let last: RowValues | null = null;
  let value: T;
  return (row) => {
    if (row !== last) {
      last = row;
      value = read(row);
    }
    return value;
  };
}

/** How each column of a sector's table reads: its stored number and its text. */
function columnReaders(d: SectorDeclaration) {
  const columns = d.upload.columns;
  const index = (name: string) => {
    const i = columns.findIndex((c) => c.name === name);
    if (i < 0) throw new Error(`${d.table} has no column ${name}`);
    return i;
  };
  const scales = STORED_SCALES[d.table] ?? {};
  const spec = (name: string): ColumnSpec => columns[index(name)]!;

  /** A number column's value as stored; Yes/No as 1/0. */
  const storedNumber = (name: string): FieldOf => {
    const i = index(name);
    const kind = spec(name).kind;
    if (kind.type === 'enum' && kind.boolean) {
      const yes = kind.values[0]!.value;
      const one: Decimal = { units: 1, scale: 0 };
      const zero: Decimal = { units: 0, scale: 0 };
      return (row) => (row[i] == null ? null : row[i] === yes ? one : zero);
    }
    if (kind.type !== 'number') throw new Error(`${name} is not a number`);
    const scale = scales[name];
    if (kind.integer) return (row) => (row[i] == null ? null : { units: row[i] as number, scale: 0 });
    if (scale === undefined) return (row) => (row[i] == null ? null : decimalOf(row[i] as number));
    return (row) => (row[i] == null ? null : withScale(decimalOf(row[i] as number), scale));
  };

  /** A field's number: a number column's, or a derived number of days. */
  const fieldNumber = (name: string): FieldOf => {
    const derived = d.derived.find((f) => f.name === name);
    if (!derived) return storedNumber(name);
    const from = index(derived.from);
    const to = index(derived.to);
    return (row) => {
      const a = row[from];
      const b = row[to];
      return a == null || b == null
        ? null
        : { units: dayNumber(b as string) - dayNumber(a as string), scale: 0 };
    };
  };

  const fields = new Map<string, FieldOf>();
  /** A field's number, read once per row however many terms and labels use it. */
  const fieldOf = (name: string): FieldOf => {
    let field = fields.get(name);
    if (!field) {
      field = oncePerRow(fieldNumber(name));
      fields.set(name, field);
    }
    return field;
  };

  /** A field every row has: a required column. */
  const alwaysSet = (name: string) => !d.derived.some((f) => f.name === name) && spec(name).required;

  /** Whether a row has a field's value (a derived field: both its dates). */
  const presentOf = (name: string): ((row: RowValues) => boolean) => {
    const derived = d.derived.find((f) => f.name === name);
    if (!derived) {
      const i = index(name);
      return (row) => row[i] != null;
    }
    const from = index(derived.from);
    const to = index(derived.to);
    return (row) => row[from] != null && row[to] != null;
  };

  const textOf = (name: string): TextOf => {
    const i = index(name);
    const kind = spec(name).kind;
    if (kind.type === 'number') {
      const value = fieldOf(name);
      return (row) => {
        const x = value(row);
        return x === null ? null : decimalText(x);
      };
    }
    if (kind.type === 'enum' && kind.boolean) {
      const yes = kind.values[0]!.value;
      return (row) => (row[i] == null ? null : row[i] === yes ? 'true' : 'false');
    }
    // Text, enumerations and dates (YYYY-MM-DD, as the ISO date style gives them) are stored as written.
    return (row) => (row[i] == null ? null : (row[i] as string));
  };

  /**
   * A dimension: its key per row, the same exactly when the label is (a month's or a band's number,
   * or the label itself), and a key's label as the summary query gives it (summary-repository.ts
   * dimensionSql). Keys cost less than labels: a label is made once per key.
   */
  const dimensionOf = (dim: DimensionSpec): DimensionReader => {
    const i = index(dim.column);
    const kind = spec(dim.column).kind;
    if (dim.bucket === 'month')
      return {
        key: (row) =>
          row[i] == null ? null : digits(row[i] as string, 0, 4) * 100 + digits(row[i] as string, 5, 2),
        label: (key) =>
          `${String(Math.floor(+key / 100)).padStart(4, '0')}-${String(+key % 100).padStart(2, '0')}`,
      };
    if (dim.bucket === 'band') {
      const value = fieldOf(dim.column);
      const width = decimalOf(dim.width);
      const last = bandCount(dim) - 1;
      // An integer column divided by a whole width is integer division, which truncates.
      const truncate = kind.type === 'number' && kind.integer === true && width.scale === 0;
      return {
        key: (row) => {
          const x = value(row);
          return x === null ? null : Math.min(quotient(x, width, truncate), last);
        },
        label: String,
      };
    }
    // Yes/No: the value's own label (the first value is true).
    const text: TextOf =
      kind.type === 'enum' && kind.boolean ? (row) => (row[i] as string | null) ?? null : textOf(dim.column);
    return { key: text, label: String };
  };

  return { fieldOf, alwaysSet, presentOf, textOf, dimensionOf };
}

/**
 * One group: its dimensions' keys, as numbers (0 for null; by dimension index, its grouping's only),
 * and its terms as they add up.
 */
interface Group {
  ids: number[];
  counts: number[];
  sums: ExactSum[];
}

/**
 * One grouping's groups (of no, one or two dimensions: a chart's dimension and its split), found by
 * their dimensions' key numbers.
 */
class Grouping {
  readonly groups: Group[] = [];
  /** Groups by the first key number; with a second dimension, rows of groups by the second. */
  private readonly one: (Group | undefined)[] = [];
  private readonly two: ((Group | undefined)[] | undefined)[] = [];
  private readonly first: number;
  private readonly second: number;

  constructor(
    readonly keys: string[],
    /** The grouping's dimensions, as indexes into the row's key numbers. */
    readonly at: number[],
    private readonly empty: (ids: number[]) => Group,
  ) {
    this.first = at[0] ?? -1;
    this.second = at[1] ?? -1;
  }

  find(ids: readonly number[]): Group {
    const a = this.first < 0 ? 0 : ids[this.first]!;
    let row = this.one;
    let b = a;
    if (this.second >= 0) {
      row = this.two[a] ?? [];
      this.two[a] = row;
      b = ids[this.second]!;
    }
    let g = row[b];
    if (!g) {
      const own: number[] = [];
      for (const i of this.at) own[i] = ids[i]!;
      g = this.empty(own);
      row[b] = g;
      this.groups.push(g);
    }
    return g;
  }
}

export interface RowSummariser {
  /** Adds one accepted row (validated values, as the COPY encoder writes them). */
  add(row: RowValues): void;
  /** The summary of the rows added, as the summary query gives it (once, after the last row). */
  rows(): SummaryRow[];
}

/**
 * A summariser for a sector. Each row's labels and terms are read once and added to the groups of the
 * groupings no other grouping contains; the others (the totals, a chart's dimension that another
 * splits) are added up from one that contains them at the end. Memory stays that of the groups, a
 * few thousand, however many rows.
 */
export function rowSummariser(d: SectorDeclaration): RowSummariser {
  const { dimensions, groupings, terms } = summaryShape(d);
  const readers = columnReaders(d);
  const dims = dimensions.map((key) => readers.dimensionOf(d.dimensions.find((x) => x.key === key)!));
  // Each dimension's keys, numbered as they come (0 is null), and their labels by number.
  const numbers = dims.map(() => new Map<string | number, number>());
  const labelsOf: (string | null)[][] = dims.map(() => [null]);
  // Terms that add the same per row share a slot, as in the query: a required column's count is the
  // row count, a paired sum of two required columns is the plain sum.
  const counted: ((row: RowValues) => boolean)[] = [];
  const summed: ((row: RowValues) => Decimal | null)[] = [];
  const slots = new Map<string, { sum: boolean; slot: number }>();
  /** Each term's slot. */
  const slotOf = new Map<string, { sum: boolean; slot: number }>();
  for (const term of terms) {
    const { kind, a, b } = termParts(term);
    const same =
      kind === 'c' && readers.alwaysSet(a)
        ? 'n'
        : kind === 'p' && readers.alwaysSet(a) && readers.alwaysSet(b)
          ? `s:${a}`
          : term;
    let slot = slots.get(same);
    if (!slot) {
      if (kind === 's' || kind === 'p') {
        const value = readers.fieldOf(a);
        // A paired sum counts only rows that have both fields.
        const paired = same === term && kind === 'p' ? readers.presentOf(b) : null;
        slot = {
          sum: true,
          slot: summed.push(paired ? (row) => (paired(row) ? value(row) : null) : value) - 1,
        };
      } else {
        const text = kind === 'e' ? readers.textOf(a) : null;
        const counts =
          same === 'n' ? () => true : text ? (row: RowValues) => text(row) === b : readers.presentOf(a);
        slot = { sum: false, slot: counted.push(counts) - 1 };
      }
      slots.set(same, slot);
    }
    slotOf.set(term, slot);
  }
  const empty = (ids: number[]): Group => ({
    ids,
    counts: counted.map(() => 0),
    sums: summed.map(() => new ExactSum()),
  });
  const all = groupings.map(
    (keys) =>
      new Grouping(
        keys,
        keys.map((k) => dimensions.indexOf(k)),
        empty,
      ),
  );
  const contains = (outer: Grouping, inner: Grouping) =>
    outer !== inner && inner.keys.every((k) => outer.keys.includes(k));
  const bases = all.filter(
    (g) => !all.some((other) => contains(other, g) && other.keys.length > g.keys.length),
  );
  const rolledUp = all.filter((g) => !bases.includes(g));

  const ids: number[] = new Array(dimensions.length);
  const hits: number[] = new Array(counted.length);
  const values: (Decimal | null)[] = new Array(summed.length);
  let rows = 0;

  return {
    add(row) {
      rows++;
      for (let i = 0; i < dims.length; i++) {
        const key = dims[i]!.key(row);
        let n = key === null ? 0 : numbers[i]!.get(key);
        if (n === undefined) {
          n = labelsOf[i]!.push(dims[i]!.label(key!)) - 1;
          numbers[i]!.set(key!, n);
        }
        ids[i] = n;
      }
      for (let t = 0; t < counted.length; t++) hits[t] = counted[t]!(row) ? 1 : 0;
      for (let t = 0; t < summed.length; t++) values[t] = summed[t]!(row);
      for (const grouping of bases) {
        const g = grouping.find(ids);
        for (let t = 0; t < hits.length; t++) g.counts[t]! += hits[t]!;
        for (let t = 0; t < values.length; t++) {
          const x = values[t];
          if (x) g.sums[t]!.add(x.units, x.scale);
        }
      }
    },

    rows() {
      // Over no rows the query's grand total is one row of nulls (a sum over no groups).
      if (!rows)
        return [{ grouping: '', d1: null, d2: null, terms: Object.fromEntries(terms.map((t) => [t, null])) }];
      for (const grouping of rolledUp) {
        // From the grouping that contains it with the fewest groups.
        const from = bases
          .filter((b) => contains(b, grouping))
          .reduce((a, b) => (b.groups.length < a.groups.length ? b : a));
        for (const part of from.groups) {
          const g = grouping.find(part.ids);
          for (const [t, n] of part.counts.entries()) g.counts[t]! += n;
          for (const [t, sum] of part.sums.entries()) g.sums[t]!.addSum(sum);
        }
      }
      return all.flatMap((grouping) => {
        const [first, second] = grouping.at;
        return grouping.groups.map((g) => ({
          grouping: grouping.keys.join('|'),
          d1: first === undefined ? null : (labelsOf[first]![g.ids[first]!] ?? null),
          d2: second === undefined ? null : (labelsOf[second]![g.ids[second]!] ?? null),
          terms: Object.fromEntries(
            terms.map((t) => {
              const { sum, slot } = slotOf.get(t)!;
              return [t, sum ? g.sums[slot]!.value() : g.counts[slot]!];
            }),
          ),
        }));
      });
    },
  };
}
