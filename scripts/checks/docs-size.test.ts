import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './repo-files';

/** docs/ is read by a newcomer in an hour: at most this many words in all (docs/ARCHITECTURE.md). */
const DOCS_WORD_CAP = 30_000;

function markdownUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownUnder(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** Words as `wc -w` counts them: runs of characters between whitespace. */
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('docs/', () => {
  it(`holds at most ${DOCS_WORD_CAP.toLocaleString('en')} words`, () => {
    const total = markdownUnder(join(repoRoot, 'docs')).reduce(
      (sum, file) => sum + words(readFileSync(file, 'utf8')),
      0,
    );
    expect(total).toBeLessThanOrEqual(DOCS_WORD_CAP);
  });
});
