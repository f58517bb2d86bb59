import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './repo-files';

/** One import of a source file: what it names, where that resolves, and how it is loaded. */
export interface ImportEdge {
  from: string;
  specifier: string;
  /** Repository-relative file, or null for a package outside the workspace (zod, react…). */
  to: string | null;
  /** Loaded when the importing module runs (not `import()`, not a type-only import). */
  kind: 'static' | 'dynamic' | 'type';
  line: number;
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx'];
/** Workspace packages by name, each with its `exports` map (subpath → repository-relative file). */
const WORKSPACE_PACKAGES: Record<string, Record<string, string>> = {};
for (const dir of ['packages/contract', 'apps/server', 'apps/web', 'e2e']) {
  const pkgFile = join(repoRoot, dir, 'package.json');
  if (!existsSync(pkgFile)) continue;
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as {
    name: string;
    main?: string;
    exports?: Record<string, string>;
  };
  const exportsMap: Record<string, string> = {};
  for (const [sub, file] of Object.entries(pkg.exports ?? { '.': pkg.main ?? 'index.js' })) {
    exportsMap[sub] = join(dir, file);
  }
  exportsMap['*'] = dir; // deep imports resolve into the package's folder
  WORKSPACE_PACKAGES[pkg.name] = exportsMap;
}

function asFile(absPath: string): string | null {
  const candidates = [
    absPath,
    ...EXTENSIONS.map((e) => absPath + e),
    ...EXTENSIONS.map((e) => join(absPath, `index${e}`)),
    // A `.js` specifier naming a TypeScript source.
    ...(absPath.endsWith('.js') ? [absPath.replace(/\.js$/, '.ts'), absPath.replace(/\.js$/, '.tsx')] : []),
  ];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  return found ? relative(repoRoot, found) : null;
}

/** Where `specifier`, imported by repository-relative `from`, resolves inside the repository. */
export function resolveImport(from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return asFile(resolve(repoRoot, dirname(from), specifier));
  const parts = specifier.split('/');
  const name = (specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]) ?? '';
  const pkg = WORKSPACE_PACKAGES[name];
  if (!pkg) return null;
  const sub = specifier.slice(name.length);
  const exact = pkg[sub === '' ? '.' : `.${sub}`];
  if (exact) return asFile(join(repoRoot, exact));
  return asFile(join(repoRoot, pkg['*'] ?? '', sub));
}

const cache = new Map<string, ImportEdge[]>();

/** The imports of one TypeScript/JavaScript source file (repository-relative path). */
export function importsOf(file: string): ImportEdge[] {
  const cached = cache.get(file);
  if (cached) return cached;
  const text = readFileSync(join(repoRoot, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edges: ImportEdge[] = [];
  const add = (node: ts.Node, specifier: string, kind: ImportEdge['kind']) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    edges.push({ from: file, specifier, to: resolveImport(file, specifier), kind, line });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause?.isTypeOnly === true ||
        (clause !== undefined &&
          clause.name === undefined &&
          named !== undefined &&
          ts.isNamedImports(named) &&
          named.elements.length > 0 &&
          named.elements.every((e) => e.isTypeOnly));
      add(node, node.moduleSpecifier.text, typeOnly ? 'type' : 'static');
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node, node.moduleSpecifier.text, node.isTypeOnly ? 'type' : 'static');
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node, node.arguments[0].text, 'dynamic');
    } else if (ts.isImportTypeNode(node)) {
      return; // `typeof import('x')` in a type
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  cache.set(file, edges);
  return edges;
}

/**
 * Every module the first page load runs, from `entry`: static imports only (an `import()` starts a
 * chunk of its own, loaded later), through the repository's files and workspace packages. Returns the
 * import chain that reaches each module, so a failure can show how it got there.
 */
export function staticClosure(entry: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (!/\.(m?[jt]sx?)$/.test(file)) continue;
    for (const edge of importsOf(file)) {
      if (edge.kind !== 'static') continue;
      const key = edge.to ?? `package:${edge.specifier}`;
      if (chains.has(key)) continue;
      chains.set(key, [...(chains.get(file) ?? []), key]);
      if (edge.to) queue.push(edge.to);
    }
  }
  return chains;
}
