import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNoDynamicImports, requiredExternals } from '../../build/required-externals.mjs';
import { loadWithCodeCache } from '../../src/lib/code-cache';

// A package kept outside the bundle and loaded on first use, as the server does with pdfkit or msal.
const ENTRY = `
export const loadDefault = async () => {
  const { default: pkg } = await import('lazy-package');
  return pkg.answer;
};
export const loadNamed = async () => (await import('lazy-package/named.js')).greeting;
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'insightra-server-bundle-'));
  const pkg = path.join(dir, 'node_modules', 'lazy-package');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'lazy-package', main: 'index.js' }));
  writeFileSync(path.join(pkg, 'index.js'), 'module.exports = { answer: 42 };');
  writeFileSync(path.join(pkg, 'named.js'), "exports.greeting = 'hello';");
  writeFileSync(path.join(dir, 'entry.ts'), ENTRY);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bundles ENTRY as build.mjs bundles the server: CommonJS, with lazy-package kept outside. */
async function bundle(plugins: ReturnType<typeof requiredExternals>[]) {
  const outfile = path.join(dir, 'bundle.cjs');
  const result = await build({
    entryPoints: [path.join(dir, 'entry.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    external: ['lazy-package'],
    plugins,
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.keys(result.metafile.outputs).find((f) => f.endsWith('.cjs')) ?? '';
  return { outfile, metafile: result.metafile, output };
}

let starts = 0;
/** One start of the bundle: a new copy of its file, as a new process has no compiled code in memory. */
function start(outfile: string) {
  const copy = path.join(dir, `start-${++starts}`, 'bundle.cjs');
  mkdirSync(path.dirname(copy));
  copyFileSync(outfile, copy);
  // The copy resolves packages from dir's node_modules, as dist/ resolves the server's.
  return loadWithCodeCache(copy, path.join(dir, '.code-cache'));
}

describe('the server bundle with its code cache', () => {
  it('loads the packages it keeps outside on first use, at the first start and at starts from the cache', async () => {
    const { outfile, metafile, output } = await bundle([requiredExternals(['lazy-package'])]);
    expect(() => assertNoDynamicImports(metafile, output)).not.toThrow();
    const first = start(outfile);
    expect(first.cache).toBe('absent');
    expect(first.save()).toBe(true);
    for (const run of [first, start(outfile)]) {
      await expect((run.exports.loadDefault as () => Promise<number>)()).resolves.toBe(42);
      await expect((run.exports.loadNamed as () => Promise<string>)()).resolves.toBe('hello');
    }
    expect(start(outfile).cache).toBe('used');
  });

  it('fails the build when the bundle would still import() a package outside it', async () => {
    const { metafile, output } = await bundle([]);
    expect(() => assertNoDynamicImports(metafile, output)).toThrow(/import\(\) on lazy-package/);
  });
});
