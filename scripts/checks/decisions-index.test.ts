import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCANNED_EXTENSIONS } from './doc-references';
import { repoFiles, repoRoot } from './repo-files';

const dir = join(repoRoot, 'docs/decisions');
const index = readFileSync(join(dir, 'README.md'), 'utf8');
const decisionFiles = readdirSync(dir).filter((f) => /^\d{3}-.+\.md$/.test(f));
/** `| [NNN — Title](NNN-title.md) | YYYY-MM-DD |`: every decision listed is in force. */
const ROW = /^\| \[((\d{3}) — [^\]]+)\]\((\d{3}-[^)]+\.md)\) \| (\d{4}-\d{2}-\d{2}) \|$/;
/** A record that says it no longer holds, wholly or in part: it is folded into its successor instead. */
const NOT_IN_FORCE = /\b(superseded|amended by|replaced by|no longer in force)\b/i;
const rows = index.split('\n').filter((l) => l.startsWith('| ['));

/** "decision 080", "decisions 070–074, 095", "docs/decisions/052": the numbers a text cites. */
function citedDecisions(text: string): string[] {
  const numbers: string[] = [];
  for (const m of text.matchAll(/\bdecisions? ((?:\d{3}(?:[–-]\d{3})?(?:,? and |, )?)+)/gi)) {
    numbers.push(...(m[1]?.match(/\d{3}/g) ?? []));
  }
  for (const m of text.matchAll(/\bdecisions\/(\d{3})/g)) numbers.push(m[1] as string);
  return numbers;
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
/** The day a decision file was added, from history; '' while it is not committed yet. */
const addedOn = (file: string) =>
  git('log', '--diff-filter=A', '--format=%as', '--', `docs/decisions/${file}`).split('\n').pop() ?? '';

const titleOf = (file: string) =>
  readFileSync(join(dir, file), 'utf8').split('\n')[0]?.replace(/^#\s*/, '') ?? file;

/** The index line a decision file should have, for a failure message that says what to add. */
function suggestedRow(file: string) {
  const date = addedOn(file) || new Date().toISOString().slice(0, 10);
  return `| [${titleOf(file)}](${file}) | ${date} |`;
}

describe('the decision index (docs/decisions/README.md)', () => {
  it('lists every decision file', () => {
    const listed = new Set(rows.map((r) => ROW.exec(r)?.[3]));
    const missing = decisionFiles.filter((f) => !listed.has(f));
    expect(missing.map(suggestedRow).join('\n')).toBe('');
  });

  it('has one well-formed line per decision, in order: number and title as the file heads it, date', () => {
    const bad = rows.filter((r) => !ROW.test(r));
    expect(bad).toEqual([]);
    const files = rows.map((r) => ROW.exec(r)?.[3] ?? '');
    for (const r of rows) {
      const [, title, number, file] = ROW.exec(r) ?? [];
      expect(file?.startsWith(`${number}-`), r).toBe(true);
      expect(decisionFiles, r).toContain(file);
      expect(title, r).toBe(titleOf(file as string));
    }
    expect(files).toEqual([...files].sort());
    expect(new Set(files).size).toBe(files.length);
  });

  it('dates each decision by the day its file was added', () => {
    // A shallow clone does not know when older files were added.
    if (git('rev-parse', '--is-shallow-repository') === 'true') return;
    const wrong = rows
      .map((r) => ROW.exec(r))
      .filter((m): m is RegExpExecArray => m !== null)
      .filter((m) => {
        const added = addedOn(m[3] as string);
        return added !== '' && added !== m[4];
      })
      .map((m) => `${m[3]}: listed ${m[4]}, added ${addedOn(m[3] as string)}`);
    expect(wrong).toEqual([]);
  });

  it('lists only decisions in force: no record calls itself superseded or amended', () => {
    const stale = decisionFiles.filter((f) => NOT_IN_FORCE.test(readFileSync(join(dir, f), 'utf8')));
    expect(stale).toEqual([]);
  });

  it('every decision a file cites by number exists', () => {
    const numbers = new Set(decisionFiles.map((f) => f.slice(0, 3)));
    const missing = repoFiles()
      .filter((f) => SCANNED_EXTENSIONS.has(extname(f)) && f !== 'scripts/checks/decisions-index.test.ts')
      .flatMap((f) =>
        citedDecisions(readFileSync(join(repoRoot, f), 'utf8'))
          .filter((n) => !numbers.has(n))
          .map((n) => `${f}: decision ${n}`),
      );
    expect([...new Set(missing)]).toEqual([]);
  });

  it('reads the numbers a text cites', () => {
    expect(citedDecisions('as decision 080 says')).toEqual(['080']);
    expect(citedDecisions('(decisions 070–074, 095 and 096)')).toEqual(['070', '074', '095', '096']);
    expect(citedDecisions('see docs/decisions/052 and Decision 113.')).toEqual(['113', '052']);
    expect(citedDecisions('a decision to make 100 times')).toEqual([]);
  });

  it('recognises a record that no longer holds', () => {
    expect(
      NOT_IN_FORCE.test('*Superseded in part by decision 095: the counters now live in the database.*'),
    ).toBe(true);
    expect(NOT_IN_FORCE.test('Amended by decision 113: the builder is the one way.')).toBe(true);
    expect(NOT_IN_FORCE.test('A refresh adds the summaries up.')).toBe(false);
  });
});
