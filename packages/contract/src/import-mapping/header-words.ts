/**
 * A header as the guesser compares it: the set of its words, once case, accents, punctuation, units
 * or notes in brackets, plurals and the usual abbreviations are set aside. "Learner No.",
 * "learner_number" and "Learner #" all read as {learner, no}; "Revenue (₹)" as {revenue};
 * "Date of Sale" and "Sale Date" as {date, sale}.
 */

/** Short forms spreadsheets use, by the word they stand for (after lower-casing, before plurals). */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  num: 'no',
  nbr: 'no',
  number: 'no',
  qty: 'quantity',
  qnty: 'quantity',
  amt: 'amount',
  rms: 'rooms',
  rm: 'room',
  dob: 'date birth',
  yr: 'year',
  yrs: 'year',
  pct: 'percent',
  percentage: 'percent',
  dt: 'date',
  dept: 'department',
  rev: 'revenue',
  avail: 'available',
  desc: 'description',
  descr: 'description',
  txn: 'transaction',
  trx: 'transaction',
  ref: 'reference',
  mdl: 'model',
  dlr: 'dealer',
  std: 'standard',
  reg: 'registration',
  adm: 'admission',
  admn: 'admission',
  enrol: 'enrolment',
  enroll: 'enrolment',
  enrollment: 'enrolment',
  neighborhood: 'neighbourhood',
  specialty: 'speciality',
  occ: 'occupancy',
  prop: 'property',
  cat: 'category',
  loc: 'location',
  veh: 'vehicle',
  tot: 'total',
};

/** Words that carry no meaning of their own in a header, and currency words (units). */
const IGNORED = new Set(['of', 'the', 'a', 'an', 'per', 'for', 'in', 'and', 'inr', 'rs', 'rupee', 'usd']);

/** Characters that stand for a word. */
const SYMBOLS: readonly [RegExp, string][] = [
  [/#/g, ' no '],
  [/%/g, ' percent '],
  [/&/g, ' and '],
];

/** "rooms" and "room" alike; "class", "gross", "status" and short words ("los", "nos") kept. */
function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word) ? word.slice(0, -1) : word;
}

function withoutBrackets(text: string): string {
  const stripped = text.replace(/\([^)]*\)|\[[^\]]*\]|\{[^}]*\}/g, ' ');
  // A header that is all brackets ("(Student ID)") keeps its words.
  return /[\p{L}\p{N}]/u.test(stripped) ? stripped : text;
}

/** The words of a header, in order, normalised; an empty list for a header that says nothing. */
export function headerWords(header: string): string[] {
  let text = withoutBrackets(header.normalize('NFKD').replace(/\p{M}/gu, ''));
  text = text
    .replace(/['’]s\b/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  for (const [symbol, word] of SYMBOLS) text = text.replace(symbol, word);
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .flatMap((word) => (ABBREVIATIONS[word] ?? word).split(' '))
    .map(singular)
    .filter((word) => word !== '' && !IGNORED.has(word));
}

/** A header's words as one key: order and repeats do not count ("Sale Date" = "Date of Sale"). */
export function headerKey(header: string): string {
  return [...new Set(headerWords(header))].sort().join(' ');
}
