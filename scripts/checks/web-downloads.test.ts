import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoFiles, repoRoot } from './repo-files';

const WEB_SOURCES = /^apps\/web\/src\/.*\.tsx?$/;
const WEB_TESTS = /\.test\.tsx?$|\/test\/|\/testing\/|test-utils\.tsx?$/;
/** The one module that saves a file to the visitor's disk (from a blob, never a URL with a token). */
const SAVE_BLOB = 'apps/web/src/lib/save-blob.ts';
/** Each download started another way: a `download` attribute or property of a link. */
function downloads(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const hits: string[] = [];
  const hit = (node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    hits.push(`${file}:${line + 1}: ${node.getText(source)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxAttribute(node) && node.name.getText(source) === 'download') hit(node);
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.name.text === 'download'
    ) {
      hit(node);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'setAttribute' &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0]) &&
      node.arguments[0].text === 'download'
    ) {
      hit(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return hits;
}

describe('web downloads', () => {
  it('every file download is saved by lib/save-blob.ts', () => {
    const files = repoFiles().filter((f) => WEB_SOURCES.test(f) && !WEB_TESTS.test(f));
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(SAVE_BLOB);
    const hits = files
      .filter((f) => f !== SAVE_BLOB)
      .flatMap((f) => downloads(f, readFileSync(join(repoRoot, f), 'utf8')));
    expect(hits.join('\n')).toBe('');
  });

  it('finds a download started another way', () => {
    expect(downloads('a.tsx', '<a href={url} download="report.pdf">')).toHaveLength(1);
    expect(downloads('a.ts', 'link.download = name;')).toHaveLength(1);
    expect(downloads('a.ts', "a.setAttribute('download', name);")).toHaveLength(1);
    expect(downloads('a.ts', 'saveBlob(await res.blob(), name);')).toEqual([]);
    expect(downloads('a.tsx', 'const download = async () => {};')).toEqual([]);
  });
});
