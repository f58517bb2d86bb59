import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './repo-files';

const DECLARATION =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;

/** The names a source text exports by declaration (`export const x`, `export function x`, …). */
export function exportedNames(text: string): string[] {
  return [...text.matchAll(DECLARATION)].map((m) => m[1]!);
}

/** Each server export whose name the contract also exports, as `file: name`. */
export function clashes(contractNames: ReadonlySet<string>, serverFiles: Record<string, string>): string[] {
  return Object.entries(serverFiles).flatMap(([file, text]) =>
    exportedNames(text)
      .filter((name) => contractNames.has(name))
      .map((name) => `${file}: ${name}`),
  );
}

export const readText = (file: string) => readFileSync(join(repoRoot, file), 'utf8');
