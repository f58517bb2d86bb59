/**
 * The search term as a LIKE pattern: trimmed, lower-cased, inner runs of white space collapsed (a
 * name typed with a double space still matches), and LIKE's own wildcards escaped so that `%` or
 * `_` typed by the administrator match themselves. Null when there is nothing to search for.
 */
export function nameSearchPattern(q: string | undefined): string | null {
  const term = (q ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  if (!term) return null;
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
