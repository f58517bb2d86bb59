/** Characters Excel refuses in a sheet's name, and its longest name. */
const FORBIDDEN = /[[\]:*?/\\]/g;
const MAX_LENGTH = 31;

/**
 * Names for sheets from titles: without the characters Excel refuses, at most 31 characters, no
 * apostrophe at either end, unique regardless of case among themselves and `taken` (" (2)" added).
 */
export function sheetNames(titles: readonly string[], taken: readonly string[]): string[] {
  const used = new Set(taken.map((t) => t.toLowerCase()));
  return titles.map((title, i) => {
    const base =
      title
        .replace(FORBIDDEN, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^'+|'+$/g, '')
        .slice(0, MAX_LENGTH)
        .trim() || `Chart ${i + 1}`;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = `${base.slice(0, MAX_LENGTH - suffix.length).trimEnd()}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}
