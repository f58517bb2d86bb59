import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, relative, resolve } from 'node:path';
import { repoRoot } from './repo-files';

/** Files whose text may point at documents: code, styles, scripts and the docs themselves. */
export const SCANNED_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.mts',
  '.js',
  '.mjs',
  '.cjs',
  '.md',
  '.css',
  '.html',
  '.sh',
  '.yml',
  '.yaml',
  '.sql',
]);

export interface Problem {
  file: string;
  line: number;
  text: string;
  reason: string;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = (m[1] ?? '')
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(absPath: string): Set<string> {
  let anchors = anchorCache.get(absPath);
  if (!anchors) {
    anchors = headingAnchors(readFileSync(absPath, 'utf8'));
    anchorCache.set(absPath, anchors);
  }
  return anchors;
}

// Documents that were never part of the repository. Built from parts so this file does not name them.
const OUTSIDE = ['SPEC', 'PRODUCT', 'STYLE', 'DESIGN', 'INTEGRATIONS'].join('|');
/** A bare name (no folder before it): in this repository every document is named with its path. */
const OUTSIDE_DOC = new RegExp(
  `(?<![\\w./-])(?:${OUTSIDE})\\.md|\\bSPEC(?=\\s?§|\\.md|'s| order)|shared/(?:${OUTSIDE})\\b`,
);
/**
 * A numbered section: the section sign and a number, after a document's path, or alone inside a
 * document (one of its own sections). That document must have a heading numbered so ("## 3. …").
 */
const SECTION = /(?:((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w.-]+\.md)\s?)?\u00a7\s?(\d+)/g;

/** The numbers of a document's numbered headings ("## 3. Point the dataset…" → 3). */
function numberedSections(markdown: string): Set<number> {
  const numbers = new Set<number>();
  for (const m of markdown.matchAll(/^#{1,6}\s+(\d+)\./gm)) {
    numbers.add(Number(m[1]));
  }
  return numbers;
}

const candidatesFor = (dir: string, path: string) =>
  [resolve(dir, path), resolve(repoRoot, path), resolve(repoRoot, 'docs', path)].map(normalize);

const LINK = /\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const BARE = /(?<![\w./@:-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w.-]+\.md)(#[\w-]+)?(?![\w/])/g;

function checkTarget(candidates: string[], anchor: string | undefined): string | null {
  const found = candidates.find((c) => existsSync(c));
  if (!found) return 'is not in the repository';
  if (!anchor) return null;
  if (!statSync(found).isFile() || extname(found) !== '.md') return `has an anchor on a non-document`;
  if (!anchorsOf(found).has(anchor)) {
    return `names heading #${anchor}, which ${relative(repoRoot, found)} does not have`;
  }
  return null;
}

/** Every problem with the document references of one file (path relative to the repository root). */
export function referenceProblems(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  const absFile = join(repoRoot, file);
  const dir = dirname(absFile);
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const report = (reason: string) => problems.push({ file, line: i + 1, text: line.trim(), reason });
    if (OUTSIDE_DOC.test(line)) report('points at a document outside the repository');
    for (const m of line.matchAll(SECTION)) {
      const [, path, number] = m;
      if (path && OUTSIDE_DOC.test(path)) continue; // reported above
      const doc = path
        ? candidatesFor(dir, path).find((c) => existsSync(c) && statSync(c).isFile())
        : file.endsWith('.md')
          ? absFile
          : undefined;
      if (!doc) {
        if (!path) report('names a numbered section (\u00a7N) without its document');
        continue; // a missing document is reported below
      }
      const markdown = doc === absFile ? text : readFileSync(doc, 'utf8');
      if (!numberedSections(markdown).has(Number(number))) {
        report(
          `names section ${number} of ${relative(repoRoot, doc)}, which has no heading numbered ${number}`,
        );
      }
    }

    let rest = line;
    if (file.endsWith('.md')) {
      for (const m of line.matchAll(LINK)) {
        const target = m[1] ?? '';
        rest = rest.replace(m[0], ' ');
        if (/^[a-z][\w+.-]*:/i.test(target)) continue; // http:, mailto:, …
        const [path = '', anchor] = target.split('#');
        const abs = path === '' ? absFile : resolve(dir, decodeURI(path));
        const problem = checkTarget([abs], anchor);
        if (problem) report(`link ${target} ${problem}`);
      }
    }
    rest = rest.replace(/[a-z][\w+.-]*:\/\/\S+/gi, ' '); // URLs name other sites' files
    for (const m of rest.matchAll(BARE)) {
      const [, path = '', hash] = m;
      if (OUTSIDE_DOC.test(path)) continue; // reported above
      if (/NNN|XXX/.test(path)) continue; // a pattern for names, such as `docs/decisions/NNN-title.md`
      const problem = checkTarget(candidatesFor(dir, path), hash?.slice(1));
      if (problem) report(`${path}${hash ?? ''} ${problem}`);
    }
  });
  return problems;
}
