import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles, repoRoot } from './repo-files';

const WEB_SOURCES = /^apps\/web\/src\/.*\.tsx?$/;
const WEB_TESTS = /\.test\.tsx?$|\/test\/|\/testing\/|test-utils\.tsx?$/;
/**
 * A key written out by hand instead of by lib/query-keys.ts: `queryKey: ['chart', 'grades']`, or an
 * array given straight to the cache, `setQueryData(['reports'], …)`.
 */
const HAND_WRITTEN_KEY = /queryKey:\s*\[|\b(?:set|get)Quer(?:y|ies)(?:Data|State)(?:<[^>]*>)?\(\s*\[/;
/**
 * A key that does not name whose answer it holds: `queryKey('charts', …)` starts with the
 * route's domain, where `queryKey(PUBLIC, 'charts', …)` or `queryKey(viewer, 'reports', …)` is meant.
 */
const OWNERLESS_KEY = /\b(?:queryKey|domainKey)\(\s*['"`]/;

function handWrittenKeys(file: string, text: string): string[] {
  return text
    .split('\n')
    .map((line, i) =>
      HAND_WRITTEN_KEY.test(line) || OWNERLESS_KEY.test(line) ? `${file}:${i + 1}: ${line.trim()}` : null,
    )
    .filter((hit): hit is string => hit !== null);
}

describe('query keys', () => {
  it('the web builds every query key with lib/query-keys.ts (owner, route domain, route name, inputs)', () => {
    const files = repoFiles().filter((f) => WEB_SOURCES.test(f) && !WEB_TESTS.test(f));
    expect(files.length).toBeGreaterThan(100);
    const hits = files.flatMap((f) => handWrittenKeys(f, readFileSync(join(repoRoot, f), 'utf8')));
    expect(hits.join('\n')).toBe('');
  });

  it('finds a key written by hand, or one without its owner', () => {
    expect(handWrittenKeys('a.tsx', "useQuery({ queryKey: ['chart', 'grades'], queryFn })")).toHaveLength(1);
    expect(handWrittenKeys('a.tsx', "client.setQueryData<Report[]>(['reports', 'list'], [])")).toHaveLength(
      1,
    );
    expect(handWrittenKeys('a.tsx', "client.getQueryData(['auth', 'me'])")).toHaveLength(1);
    expect(
      handWrittenKeys('a.tsx', "useQuery({ queryKey: queryKey('charts', 'grades'), queryFn })"),
    ).toHaveLength(1);
    expect(handWrittenKeys('a.tsx', "invalidateQueries({ queryKey: domainKey('uploads') })")).toHaveLength(1);
    expect(
      handWrittenKeys('a.tsx', "useQuery({ queryKey: queryKey(PUBLIC, 'charts', 'grades'), queryFn })"),
    ).toEqual([]);
    expect(handWrittenKeys('a.tsx', "setQueryData(reportsKey(viewer, 'Beta'), [])")).toEqual([]);
    expect(handWrittenKeys('a.tsx', "invalidateQueries({ queryKey: domainKey(viewer, 'uploads') })")).toEqual(
      [],
    );
  });
});
