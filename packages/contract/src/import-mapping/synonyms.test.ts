import { describe, expect, it } from 'vitest';
import { SECTOR_DECLARATIONS } from '../industries';
import { headerKey } from './header-words';
import { knownNames } from './name-match';
import { COLUMN_SYNONYMS } from './synonyms';

describe('synonym lists', () => {
  it('name every template column of every sector, and only those', () => {
    for (const d of SECTOR_DECLARATIONS) {
      const columns = d.upload.columns.map((c) => c.name);
      const listed = COLUMN_SYNONYMS[d.slug];
      expect(Object.keys(listed).sort(), d.slug).toEqual([...columns].sort());
      for (const c of columns) expect(listed[c]?.length, `${d.slug}.${c}`).toBeGreaterThan(0);
    }
  });

  it('give no name to two columns of one sector (a column’s own name and label included)', () => {
    const clashes: string[] = [];
    for (const d of SECTOR_DECLARATIONS) {
      const owner = new Map<string, string>();
      for (const column of d.upload.columns) {
        for (const name of knownNames(d.slug, column)) {
          const key = headerKey(name.text);
          const other = owner.get(key);
          if (other !== undefined && other !== column.name)
            clashes.push(`${d.slug}: '${name.text}' ${other}/${column.name}`);
          owner.set(key, column.name);
        }
      }
    }
    expect(clashes).toEqual([]);
  });

  it('hold only names with words in them', () => {
    const empty = SECTOR_DECLARATIONS.flatMap((d) =>
      d.upload.columns.flatMap((c) => knownNames(d.slug, c).filter((n) => n.words.size === 0)),
    );
    expect(empty).toEqual([]);
  });
});
