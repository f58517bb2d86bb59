import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingAnchors, referenceProblems, SCANNED_EXTENSIONS } from './doc-references';
import { repoFiles, repoRoot } from './repo-files';

const format = (p: { file: string; line: number; reason: string; text: string }) =>
  `${p.file}:${p.line}: ${p.reason}\n    ${p.text}`;

describe('document references', () => {
  it('name files and headings that exist in the repository, and nothing outside it', () => {
    const files = repoFiles().filter((f) => SCANNED_EXTENSIONS.has(extname(f)));
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((f) => referenceProblems(f, readFileSync(join(repoRoot, f), 'utf8')));
    expect(problems.map(format).join('\n')).toBe('');
  });

  it('docs/PRODUCT.md covers every feature with the headings code points at', () => {
    const anchors = headingAnchors(readFileSync(join(repoRoot, 'docs/PRODUCT.md'), 'utf8'));
    for (const heading of [
      'web-routes',
      'api-routes',
      'roles-and-access',
      'upload-templates',
      'bi-providers',
    ]) {
      expect(anchors).toContain(heading);
    }
  });

  it('catches a missing file, a missing heading, an outside document and a numbered section', () => {
    // Written in parts, so that this file itself holds none of these references.
    const md = (name: string) => `${name}.md`;
    const section = '\u00a7';
    const text = [
      `see docs/${md('NOPE')} and docs/${md('PRODUCT')}#no-such-heading`,
      `as ${md('SPEC')} ${section}2 says`,
      `the order of (docs/${md('PRODUCT')}#issue-reports) holds`,
      `[ok](../docs/${md('PRODUCT')}#sessions) [broken](./${md('MISSING')})`,
      `docs/${md('POWERBI')} ${section}3 holds, docs/${md('POWERBI')} ${section}9 does not`,
    ].join('\n');
    const reasons = referenceProblems(md('docs/example'), text).map((p) => `${p.line} ${p.reason}`);
    expect(reasons).toEqual([
      `1 docs/${md('NOPE')} is not in the repository`,
      `1 docs/${md('PRODUCT')}#no-such-heading names heading #no-such-heading, which docs/${md('PRODUCT')} does not have`,
      '2 points at a document outside the repository',
      `4 link ./${md('MISSING')} is not in the repository`,
      `5 names section 9 of docs/${md('POWERBI')}, which has no heading numbered 9`,
    ]);
  });

  it('accepts a numbered section only with a document that has it', () => {
    const section = '\u00a7';
    const reasons = referenceProblems('apps/web/src/x.ts', `// as ${section}4 says`).map((p) => p.reason);
    expect(reasons).toEqual([`names a numbered section (${section}N) without its document`]);
  });

  it('makes GitHub-style anchors', () => {
    const anchors = headingAnchors('# A: b\n## `npm start` — fast\n```\n# not a heading\n```\n## A: b');
    expect([...anchors]).toEqual(['a-b', 'npm-start--fast', 'a-b-1']);
  });
});
