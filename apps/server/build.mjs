// Bundles the server (and the contract package it imports) into dist/, keeping npm packages external,
// and copies the SQL migrations beside the bundle.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

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
  packages: 'external',
  // The contract is workspace source, not a published package: bundle it in.
  alias: { '@insightra/contract': '../../packages/contract/src/index.ts' },
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/db/migrations', `${outdir}/migrations`, { recursive: true });
