// Bundles the server, the contract package it imports and most npm packages into dist/, and copies the
// SQL migrations beside the bundle. Start-up time is `npm run bench:restart` (docs/performance/restart.md).
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'pdfkit',
  'exceljs',
  'nodemailer',
  '@e965/xlsx',
  '@azure/msal-node',
  'pg-native',
];
const outdir = process.env.SERVER_OUT_DIR ?? 'dist';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    server: 'src/server.ts',
    'cli/admin': 'src/cli/admin.ts',
    // Worker threads run from files of their own beside server.js (lib/worker.ts).
    'csv-worker': 'src/features/uploads/csv-worker.ts',
    'spreadsheet-worker': 'src/features/uploads/spreadsheet-worker.mjs',
  },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outdir,
  // server.ts imports the app dynamically so the database opens while it loads: the app becomes a chunk.
  // Chunks sit beside server.js, where modules find their files (migrations/, the worker entries).
  splitting: true,
  chunkNames: '[name]-[hash]',
  // npm packages are bundled too: one file parses faster than hundreds resolved one by one at start.
  // These stay outside: their own files sit beside their code (WASM, native addons, fonts), or they
  // load only on first use (dynamic imports) and would otherwise be parsed at every start.
  external: EXTERNAL,
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // The contract is workspace source, not a published package: bundle it in.
  alias: { '@insightra/contract': '../../packages/contract/src/index.ts' },
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/db/migrations', `${outdir}/migrations`, { recursive: true });
