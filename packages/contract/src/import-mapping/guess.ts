import type { SectorDeclaration } from '../industries/declaration';
import type { ColumnSpec } from '../upload-template';
import { knownNames, matchName, type NameMatch } from './name-match';
import { type FileColumn, type ValueFit, valueFit } from './value-fit';
import {
  type ColumnProfile,
  type DateOrderReading,
  type DecimalReading,
  profileColumn,
  readDateOrder,
  readDecimalMark,
  SAMPLE_ROWS,
} from './value-shapes';

export type GuessConfidence = 'high' | 'medium' | 'low';

/** A template column's guessed file column (0-based, as the preview numbers them), or none. */
export type ColumnGuess =
  | { column: string; index: number; confidence: GuessConfidence; reason: string }
  | { column: string; index: null; confidence?: undefined; reason: string };

export interface MappingGuess {
  /** One per template column, in the template's order; no file column is guessed twice. */
  columns: readonly ColumnGuess[];
  /** Each file column's values, as read (`profiles[index]`). */
  profiles: readonly ColumnProfile[];
  /** How the file's dates and numbers read; ask the member only when `ambiguous`. */
  dateOrder: DateOrderReading;
  decimal: DecimalReading;
}

/** A cell as a reader gives it; numbers, booleans and dates are read as text. */
export type SampleCell = string | number | boolean | Date | null | undefined;

interface Candidate {
  t: number;
  f: number;
  name: NameMatch;
  fit: ValueFit;
  score: number;
}

/** Value evidence this strong (dates, an enumeration's values, unique codes) tells a column alone. */
const TELLING = 35;

function cellText(cell: SampleCell): string {
  if (cell instanceof Date) {
    const iso = cell.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  return cell == null ? '' : String(cell).trim();
}

const byScore = (a: { score: number; t: number; f: number }, b: typeof a) =>
  b.score - a.score || a.t - b.t || a.f - b.f;

const quoted = (headers: readonly string[]) => headers.map((h) => `'${h}'`).join(' and ');

function nameReason(spec: ColumnSpec, file: FileColumn, { name, fit }: Candidate): string {
  const header = `Header '${file.header}'`;
  const named = {
    exact: `${header} is a known name for ${spec.label}`,
    contains: `${header} contains '${name.name}', a name for ${spec.label}`,
    part: `${header} is part of '${name.name}', a name for ${spec.label}`,
    resembles: `${header} resembles '${name.name}', a name for ${spec.label}`,
  }[name.level];
  if (fit.verdict === 'contradicts') return `${named}, but its values ${fit.says}`;
  return fit.verdict === 'fits' && fit.strength >= TELLING && name.level !== 'exact'
    ? `${named}, and its values ${fit.says}`
    : named;
}

/** High only for a known name whose values agree and no other header matching as well. */
function nameConfidence({ name, fit }: Candidate, rivals: number): GuessConfidence {
  if (fit.verdict === 'contradicts' || (rivals > 0 && name.level !== 'exact')) return 'low';
  if (name.level === 'exact') return rivals > 0 ? 'medium' : 'high';
  if (name.score >= 60) return 'medium';
  return fit.verdict === 'fits' && fit.strength >= TELLING ? 'medium' : 'low';
}

/**
 * Guesses, for each of a sector's template columns, the file column holding it: by header first
 * (known names and synonyms), then, for columns no header names, by the values' shape alone (at
 * most medium confidence). Reads the first SAMPLE_ROWS rows. See docs/decisions/140-import-mapping-guesses.md.
 */
export function guessMapping(
  sector: SectorDeclaration,
  header: readonly string[],
  rows: readonly (readonly SampleCell[])[],
): MappingGuess {
  const specs = sector.upload.columns;
  const sample = rows.slice(0, SAMPLE_ROWS);
  const files: FileColumn[] = header.map((text, index) => {
    const values = sample.map((row) => cellText(row[index])).filter((v) => v !== '');
    return { index, header: text, values, profile: profileColumn(values) };
  });
  const dateOrder = readDateOrder(files.filter((c) => c.profile.shape === 'date').flatMap((c) => c.values));
  const decimal = readDecimalMark(files.filter((c) => c.profile.numbers).flatMap((c) => c.values));
  const { rowKey } = sector.upload;
  const fits = specs.map((spec) =>
    files.map((file) => valueFit(spec, file, decimal.mark, rowKey.length === 1 && rowKey[0] === spec.name)),
  );
  const guesses: (ColumnGuess | undefined)[] = specs.map(() => undefined);
  const used = new Set<number>();

  // Names first: the best-scoring header for any column is taken, then the next best among the rest.
  const named: Candidate[] = specs.flatMap((spec, t) => {
    const names = knownNames(sector.slug, spec);
    return files.flatMap((file, f): Candidate[] => {
      const name = matchName(file.header, names);
      const fit = fits[t]![f]!;
      if (!name || (fit.verdict === 'contradicts' && name.score < 60)) return [];
      const adjust = fit.verdict === 'fits' ? fit.strength / 10 : fit.verdict === 'contradicts' ? -50 : 0;
      return [{ t, f, name, fit, score: name.score + adjust }];
    });
  });
  for (const c of named.sort(byScore)) {
    if (guesses[c.t] || used.has(c.f)) continue;
    const rivals = named
      .filter((o) => o.t === c.t && o.f !== c.f && !used.has(o.f) && o.name.score === c.name.score)
      .filter((o) => o.fit.verdict !== 'contradicts')
      .map((o) => files[o.f]!.header);
    const reason = nameReason(specs[c.t]!, files[c.f]!, c);
    guesses[c.t] = {
      column: specs[c.t]!.name,
      index: c.f,
      confidence: nameConfidence(c, rivals.length),
      reason: rivals.length
        ? `${reason}; ${quoted(rivals)} ${rivals.length > 1 ? 'match' : 'matches'} as well`
        : reason,
    };
    used.add(c.f);
  }

  // Then values, for columns no header named: a pair is taken when each is the other's best fit.
  const open = () =>
    specs.flatMap((_, t) =>
      guesses[t]
        ? []
        : fits[t]!.flatMap((fit, f) =>
            !used.has(f) && fit.verdict === 'fits' && fit.strength > 0
              ? [{ t, f, fit, score: fit.strength }]
              : [],
          ),
    );
  for (let pairs = open(); pairs.length > 0; pairs = open()) {
    const bestOf = (key: 't' | 'f', value: number) => {
      const mine = pairs.filter((p) => p[key] === value).sort(byScore);
      return mine.length > 1 && mine[1]!.score === mine[0]!.score ? undefined : mine[0];
    };
    const mutual = pairs.sort(byScore).find((p) => bestOf('t', p.t) === p && bestOf('f', p.f) === p);
    if (!mutual) break;
    const alone = pairs.filter((p) => p.t === mutual.t || p.f === mutual.f).length === 1;
    guesses[mutual.t] = {
      column: specs[mutual.t]!.name,
      index: mutual.f,
      confidence: mutual.score >= TELLING || alone ? 'medium' : 'low',
      reason: `Values ${mutual.fit.says}; no header matched`,
    };
    used.add(mutual.f);
  }

  const left = open();
  return {
    columns: specs.map((spec, t): ColumnGuess => {
      const guess = guesses[t];
      if (guess) return guess;
      const fitting = left.filter((p) => p.t === t).map((p) => files[p.f]!.header);
      const reason =
        fitting.length > 1
          ? `Values of ${quoted(fitting)} each fit ${spec.label}; no header matched`
          : `No header matched ${spec.label}, and no column's values point to it`;
      return { column: spec.name, index: null, reason };
    }),
    profiles: files.map((f) => f.profile),
    dateOrder,
    decimal,
  };
}
