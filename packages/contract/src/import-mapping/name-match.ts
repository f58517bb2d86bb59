import type { IndustrySlug } from '../constants';
import type { ColumnSpec } from '../upload-template';
import { headerWords } from './header-words';
import { COLUMN_SYNONYMS } from './synonyms';

/** One name a template column is known by: as written (for reasons) and as words (to compare). */
export interface KnownName {
  text: string;
  words: ReadonlySet<string>;
}

/**
 * How a header matched a known name, strongest first: the same words; the header holding all the
 * name's words ("Total Room Revenue" holds "Room Revenue"); the header being part of the name
 * ("Occupied" of "Occupied Rooms"); or some shared word.
 */
export type NameLevel = 'exact' | 'contains' | 'part' | 'resembles';

export interface NameMatch {
  level: NameLevel;
  /** 100 for the same words; 60–99 when a telling word is shared; below 60 a hint only. */
  score: number;
  name: string;
}

/** Words that name no column alone: a header sharing only these with a name is a weak hint at most. */
const GENERIC = new Set([
  'id',
  'no',
  'name',
  'date',
  'day',
  'year',
  'type',
  'code',
  'total',
  'net',
  'gross',
  'value',
  'amount',
  'quantity',
  'count',
  'description',
  'status',
  'flag',
  'percent',
  'on',
]);

const wordsOf = (text: string): ReadonlySet<string> => new Set(headerWords(text));

/** A telling word counts fully; a generic one or a single letter ("F", "A") a quarter. */
const telling = (word: string) => word.length > 1 && !GENERIC.has(word);
const weight = (words: Iterable<string>) => [...words].reduce((sum, w) => sum + (telling(w) ? 1 : 0.25), 0);

/** A template column's known names: its label, the sector's synonyms for it and its own name. */
export function knownNames(sector: IndustrySlug, column: ColumnSpec): KnownName[] {
  const texts = [column.label, ...(COLUMN_SYNONYMS[sector][column.name] ?? []), column.name];
  return texts.map((text) => ({ text, words: wordsOf(text) }));
}

function scoreAgainst(header: ReadonlySet<string>, name: KnownName): Omit<NameMatch, 'name'> | undefined {
  const common = [...header].filter((w) => name.words.has(w));
  if (common.length === 0) return undefined;
  const tells = common.some(telling);
  const shared = weight(common);
  if (common.length === header.size && common.length === name.words.size)
    return { level: 'exact', score: 100 };
  if (common.length === name.words.size) {
    return { level: 'contains', score: tells ? 70 + (20 * shared) / weight(header) : 40 };
  }
  if (common.length === header.size) {
    return { level: 'part', score: tells ? 60 + (20 * shared) / weight(name.words) : 30 };
  }
  if (!tells) return undefined;
  return { level: 'resembles', score: 40 + (20 * shared) / weight(new Set([...header, ...name.words])) };
}

/** The best match of a header among a column's known names; undefined when no word is shared. */
export function matchName(header: string, names: readonly KnownName[]): NameMatch | undefined {
  const words = wordsOf(header);
  if (words.size === 0) return undefined;
  let best: NameMatch | undefined;
  for (const name of names) {
    const match = scoreAgainst(words, name);
    if (match && (!best || match.score > best.score)) best = { ...match, name: name.text };
  }
  return best;
}
