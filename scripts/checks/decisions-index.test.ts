import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './repo-files';

const dir = join(repoRoot, 'docs/decisions');
const index = readFileSync(join(dir, 'README.md'), 'utf8');
const decisionFiles = readdirSync(dir).filter((f) => /^\d{3}-.+\.md$/.test(f));
const ROW =
  /^\| \[(\d{3}) — [^\]]+\]\((\d{3}-[^)]+\.md)\) \| (Accepted|Amended by \d{3}|Superseded by \d{3}) \| (\d{4}-\d{2}-\d{2}) \|$/;
const rows = index.split('\n').filter((l) => l.startsWith('| ['));

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
/** The day a decision file was added, from history; '' while it is not committed yet. */
const addedOn = (file: string) =>
  git('log', '--diff-filter=A', '--format=%as', '--', `docs/decisions/${file}`).split('\n').pop() ?? '';

/** The index line a decision file should have, for a failure message that says what to add. */
function suggestedRow(file: string) {
  const title = readFileSync(join(dir, file), 'utf8').split('\n')[0]?.replace(/^#\s*/, '') ?? file;
  const date = addedOn(file) || new Date().toISOString().slice(0, 10);
  return `| [${title}](${file}) | Accepted | ${date} |`;
}

describe('the decision index (docs/decisions/README.md)', () => {
  it('lists every decision file', () => {
    const listed = new Set(rows.map((r) => ROW.exec(r)?.[2]));
    const missing = decisionFiles.filter((f) => !listed.has(f));
    expect(missing.map(suggestedRow).join('\n')).toBe('');
  });

  it('has one well-formed line per decision, in order: number, title, status, date', () => {
    const bad = rows.filter((r) => !ROW.test(r));
    expect(bad).toEqual([]);
    const files = rows.map((r) => ROW.exec(r)?.[2] ?? '');
    for (const r of rows) {
      const [, number, file] = ROW.exec(r) ?? [];
      expect(file?.startsWith(`${number}-`), r).toBe(true);
      expect(decisionFiles, r).toContain(file);
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
        const added = addedOn(m[2] as string);
        return added !== '' && added !== m[4];
      })
      .map((m) => `${m[2]}: listed ${m[4]}, added ${addedOn(m[2] as string)}`);
    expect(wrong).toEqual([]);
  });
});
