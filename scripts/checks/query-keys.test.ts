import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles, repoRoot } from './repo-files';

const WEB_SOURCES = /^apps\/web\/src\/.*\.tsx?$/;
const WEB_TESTS = /\.test\.tsx?$|\/test\/|\/testing\/|test-utils\.tsx?$/;
/** A key written out by hand, e.g. `queryKey: ['chart', 'grades']`, instead of by lib/query-keys.ts. */
const HAND_WRITTEN_KEY = /queryKey:\s*\[/;

function handWrittenKeys(file: string, text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => (HAND_WRITTEN_KEY.test(line) ? `${file}:${i + 1}: ${line.trim()}` : null))
    .filter((hit): hit is string => hit !== null);
}

describe('query keys', () => {
  it('the web builds every query key with lib/query-keys.ts (route domain, route name, inputs)', () => {
    const files = repoFiles().filter((f) => WEB_SOURCES.test(f) && !WEB_TESTS.test(f));
    expect(files.length).toBeGreaterThan(100);
    const hits = files.flatMap((f) => handWrittenKeys(f, readFileSync(join(repoRoot, f), 'utf8')));
    expect(hits.join('\n')).toBe('');
  });

  it('finds a key written by hand', () => {
    expect(handWrittenKeys('a.tsx', "useQuery({ queryKey: ['chart', 'grades'], queryFn })")).toHaveLength(1);
    expect(handWrittenKeys('a.tsx', "useQuery({ queryKey: queryKey('charts', 'grades'), queryFn })")).toEqual(
      [],
    );
  });
});
