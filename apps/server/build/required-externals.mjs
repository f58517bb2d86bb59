// An esbuild plugin for the server's CommonJS bundle (build.mjs). The bundle runs from V8's code cache
// (src/lib/code-cache.ts), and on Node 20 a script compiled from that cache has lost its import()
// callback: import() in it fails with ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING from the second start on.
// So the packages kept outside the bundle and loaded on first use are loaded with require() instead,
// still on first use: `await import('pdfkit')` becomes a promise of the required module, shaped as
// import() shapes it (a CommonJS module's exports are its default export).

/**
 * @param {readonly string[]} externals the package names kept outside the bundle
 * @returns {import('esbuild').Plugin}
 */
export function requiredExternals(externals) {
  const names = new Set(externals);
  return {
    name: 'required-externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const name = args.path.startsWith('@')
          ? args.path.split('/').slice(0, 2).join('/')
          : args.path.split('/')[0];
        if (!names.has(name)) return undefined;
        return { path: args.path, namespace: 'required-external' };
      });
      build.onLoad({ filter: /.*/, namespace: 'required-external' }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
    },
  };
}

/**
 * Fails the build if an output still calls import() on a package outside it.
 * @param {import('esbuild').Metafile} metafile
 * @param {string} output the output's path as the metafile names it
 */
export function assertNoDynamicImports(metafile, output) {
  const left = (metafile.outputs[output]?.imports ?? []).filter(
    (i) => i.kind === 'dynamic-import' && i.external,
  );
  if (left.length > 0)
    throw new Error(
      `${output} calls import() on ${left.map((i) => i.path).join(', ')}, which fails once it runs from V8's code cache: load them with require`,
    );
}
