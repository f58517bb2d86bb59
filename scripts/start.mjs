// `npm start`: build when the build on disk is missing or was made from other sources (a fresh clone,
// a `git pull`, an edit), then serve it. An unchanged checkout starts without rebuilding.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decide, inputsHash, outputsPresent, readStamp } from './build-inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const verdict = decide({
  stamp: readStamp(root),
  current: inputsHash(root),
  outputsPresent: outputsPresent(root),
});
if (verdict.build) {
  console.log(`Building: ${verdict.reason}.`);
  const npm = process.env.npm_execpath;
  const result = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else {
  console.log(`Not rebuilding: ${verdict.reason} (npm run build forces a build).`);
}

const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
