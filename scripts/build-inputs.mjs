// What the production build is made from, and whether the build on disk was made from what is here
// now. `npm run build` records a hash of its inputs beside the build (prebuild/postbuild); `npm start`
// (scripts/start.mjs) serves the build as it is only when that record matches the current inputs.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files and folders the build reads: sources, the lockfile, package manifests, build configuration. */
export const BUILD_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract/package.json',
  'packages/contract/src',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/public',
  'apps/web/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/server/build.mjs',
  'apps/server/build',
  'apps/server/src',
];
/** What a finished build leaves; without these there is nothing to serve. */
export const BUILD_OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/server.js'];
/** The record of the inputs a finished build was made from, kept with the build. */
export const STAMP = 'apps/server/dist/build-inputs.json';
/** The record of a build under way (the server build empties its dist/ folder first). */
export const PENDING = 'node_modules/.cache/insightra/build-inputs.pending.json';

/** Test files are never bundled, so editing one does not make the build stale. */
const IGNORED = /\.test\.[cm]?[jt]sx?$/;

/**
 * @param {string} root
 * @param {string} path
 * @returns {Generator<string>}
 */
function* filesUnder(root, path) {
  const abs = join(root, path);
  if (!existsSync(abs)) return;
  if (statSync(abs).isFile()) {
    yield path;
    return;
  }
  for (const name of readdirSync(abs).sort()) {
    if (name === 'node_modules' || name === 'dist') continue;
    yield* filesUnder(root, `${path}/${name}`);
  }
}

/** One hash of every build input's path and content, and of the Node.js major version that builds. */
/** @param {string} root */
export function inputsHash(root) {
  const hash = createHash('sha256');
  hash.update(`node ${process.versions.node.split('.')[0]}\n`);
  for (const input of BUILD_INPUTS) {
    for (const file of filesUnder(root, input)) {
      if (IGNORED.test(file)) continue;
      const content = createHash('sha256')
        .update(readFileSync(join(root, file)))
        .digest('hex');
      hash.update(`${file.split(sep).join('/')} ${content}\n`);
    }
  }
  return hash.digest('hex');
}

/**
 * Whether `npm start` must build first. `stamp` is the recorded hash of the build on disk (null when
 * there is none), `current` the hash of the inputs now, `outputsPresent` whether the build's files exist.
 */
/**
 * @param {{ stamp: string | null, current: string, outputsPresent: boolean }} state
 * @returns {{ build: boolean, reason: string }}
 */
export function decide({ stamp, current, outputsPresent }) {
  if (!outputsPresent) return { build: true, reason: 'there is no build yet' };
  if (stamp === null) return { build: true, reason: 'the build on disk has no record of its sources' };
  if (stamp !== current) return { build: true, reason: 'sources changed since the last build' };
  return { build: false, reason: 'the build is up to date with the sources' };
}

/**
 * @param {string} root
 * @param {string} file
 * @returns {string | null}
 */
function readHash(root, file) {
  try {
    const { inputs } = JSON.parse(readFileSync(join(root, file), 'utf8'));
    return typeof inputs === 'string' ? inputs : null;
  } catch {
    return null;
  }
}

/** @param {string} root */
export function readStamp(root) {
  return readHash(root, STAMP);
}

/** @param {string} root */
export function outputsPresent(root) {
  return BUILD_OUTPUTS.every((f) => existsSync(join(root, f)));
}

/** Before a build: note what it is made from, and drop the old record (a half-made build has none). */
/** @param {string} root */
export function beginBuild(root) {
  rmSync(join(root, STAMP), { force: true });
  mkdirSync(dirname(join(root, PENDING)), { recursive: true });
  writeFileSync(join(root, PENDING), JSON.stringify({ inputs: inputsHash(root) }));
}

/** A part of the build made on its own (`npm run build -w apps/web`): the record no longer says what is built. */
/** @param {string} root */
export function forgetBuild(root) {
  rmSync(join(root, STAMP), { force: true });
}

/** After a successful build: keep the record of its inputs beside it. */
/** @param {string} root */
export function finishBuild(root) {
  const pending = join(root, PENDING);
  if (!existsSync(pending)) throw new Error(`no ${PENDING}: the build did not start through npm run build`);
  mkdirSync(dirname(join(root, STAMP)), { recursive: true });
  renameSync(pending, join(root, STAMP));
}

const here = fileURLToPath(import.meta.url);
if (process.argv[1] === here) {
  const root = join(dirname(here), '..');
  const step = process.argv[2];
  if (step === 'begin') beginBuild(root);
  else if (step === 'finish') finishBuild(root);
  else if (step === 'forget') forgetBuild(root);
  else {
    console.error('usage: node scripts/build-inputs.mjs begin|finish|forget');
    process.exit(2);
  }
}
