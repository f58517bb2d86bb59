// Builds the server into dist/: the server's code and most npm packages as one CommonJS bundle, run by
// server.js with V8's code cache (decision 123), beside the entries of the CLI and the worker threads;
// the SQL migrations are copied beside them. Start-up time is `npm run bench:restart`
// (docs/performance/restart.md).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { assertNoDynamicImports, requiredExternals } from './build/required-externals.mjs';

const EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@resvg/resvg-js',
  'pdfkit',
  'exceljs',
  'nodemailer',
  '@e965/xlsx',
  '@azure/msal-node',
  'pg-native',
];
const outdir = process.env.SERVER_OUT_DIR ?? 'dist';
/**
 * The routes bench/auth-me.ts measures against (features/auth/bench-hello.ts), built in only when the
 * benchmark builds its own server: the product's build has none of them, whatever its environment.
 */
const benchRoutes = process.env.SERVER_BENCH_ROUTES === '1';

/**
 * pg asks whether it runs in Cloudflare Workers by constructing a `Response` where `navigator` is
 * missing, as on Node 20: that loads Node's whole fetch implementation at every start (≈ 20 ms).
 * The bundle runs on Node only, so the question is left out.
 */
const pgOnNode = {
  name: 'pg-on-node',
  setup(b) {
    b.onLoad({ filter: /[\\/]pg[\\/]lib[\\/]stream\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const onNode = text.replace('if (isCloudflareRuntime()) {', 'if (false) {');
      if (onNode === text)
        throw new Error(`pg's lib/stream.js has changed: review the pg-on-node plugin in build.mjs`);
      return { contents: onNode, loader: 'js' };
    });
  },
};
const shared = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  outdir,
  // npm packages are bundled too: one file parses faster than hundreds resolved one by one at start.
  // These stay outside: their own files sit beside their code (WASM, native addons, fonts), or they
  // load only on first use (dynamic imports) and would otherwise be parsed at every start.
  external: EXTERNAL,
  // The contract is workspace source, not a published package: bundle it in.
  alias: {
    '@insightra/contract/public': '../../packages/contract/src/public.ts',
    '@insightra/contract': '../../packages/contract/src/index.ts',
  },
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
  plugins: [pgOnNode],
};
rmSync(outdir, { recursive: true, force: true });

// The server itself: one CommonJS file, because V8's code cache (lib/code-cache.ts) takes a script,
// not a module. It is named by its content's hash, which names its cache. No comments and no spaces:
// a smaller file reads and deserialises faster; names are kept, so stack traces stay readable.
const server = await build({
  ...shared,
  entryPoints: { server: 'src/main.ts' },
  format: 'cjs',
  entryNames: '[name]-[hash]',
  outExtension: { '.js': '.cjs' },
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  charset: 'ascii',
  // Modules find their files (migrations/, the worker entries) beside the bundle.
  define: {
    'import.meta.url': '__importMetaUrl',
    'import.meta.dirname': '__dirname',
    __BENCH_ROUTES__: JSON.stringify(benchRoutes),
  },
  banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [pgOnNode, requiredExternals(EXTERNAL)],
});
const bundle = Object.keys(server.metafile.outputs).find((f) => f.endsWith('.cjs'));
assertNoDynamicImports(server.metafile, bundle);

await build({
  ...shared,
  entryPoints: {
    // server.js starts PGlite's thread, then runs the bundle above.
    server: 'src/start.ts',
    'cli/admin': 'src/cli/admin.ts',
    // Worker threads run from files of their own beside server.js (lib/worker.ts).
    'pglite-worker': 'src/db/pglite-worker.ts',
    'csv-worker': 'src/features/uploads/csv-worker.ts',
    'spreadsheet-worker': 'src/features/uploads/spreadsheet-worker.mjs',
    'export-worker': 'src/features/exports/render-worker.ts',
  },
  format: 'esm',
  splitting: true,
  chunkNames: '[name]-[hash]',
  define: { __SERVER_BUNDLE__: JSON.stringify(path.basename(bundle)) },
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
cpSync('src/db/migrations', `${outdir}/migrations`, { recursive: true });
