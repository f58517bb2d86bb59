// `npm start`: build when the build on disk is missing or was made from other sources (a fresh clone,
// a `git pull`, an edit), then serve it. An unchanged checkout starts without rebuilding.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const built = buildIfStale();
if (built !== 0) process.exit(built);

const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
