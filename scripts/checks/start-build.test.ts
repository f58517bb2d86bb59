import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BUILD_OUTPUTS,
  beginBuild,
  decide,
  finishBuild,
  forgetBuild,
  inputsHash,
  outputsPresent,
  readStamp,
} from '../build-inputs.mjs';

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};
/** What `npm start` would do in the checkout at `root`. */
const verdict = () =>
  decide({ stamp: readStamp(root), current: inputsHash(root), outputsPresent: outputsPresent(root) });
/** `npm run build` without the bundlers: the hooks around it and the files it leaves. */
const build = () => {
  beginBuild(root);
  for (const f of BUILD_OUTPUTS) write(f, 'built');
  finishBuild(root);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'insightra-start-'));
  write('package.json', '{}');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('apps/web/src/main.tsx', 'export {};');
  write('apps/server/src/server.ts', 'export {};');
  write('packages/contract/src/index.ts', 'export {};');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start: build or serve as it is', () => {
  it('builds on a fresh clone', () => {
    expect(verdict()).toEqual({ build: true, reason: 'there is no build yet' });
  });

  it('serves an unchanged build without rebuilding', () => {
    build();
    expect(verdict()).toEqual({ build: false, reason: 'the build is up to date with the sources' });
  });

  it.each([
    ['a web source', 'apps/web/src/main.tsx'],
    ['a server source', 'apps/server/src/server.ts'],
    ['the contract', 'packages/contract/src/index.ts'],
    ['the lockfile', 'package-lock.json'],
    ['a new source file', 'apps/server/src/features/new.ts'],
  ])('rebuilds after a change to %s (e.g. a git pull)', (_what, file) => {
    build();
    write(file, 'export const changed = 1;');
    expect(verdict()).toEqual({ build: true, reason: 'sources changed since the last build' });
  });

  it('does not rebuild for a test file, data or a note outside the inputs', () => {
    build();
    write('apps/web/src/main.test.tsx', 'it()');
    write('data/base/1', 'x');
    write('docs/notes.txt', 'x');
    expect(verdict().build).toBe(false);
  });

  it('rebuilds a build with no record of its sources (made another way, or interrupted)', () => {
    beginBuild(root);
    for (const f of BUILD_OUTPUTS) write(f, 'half-built');
    // the build failed: finishBuild never ran
    expect(verdict()).toEqual({
      build: true,
      reason: 'the build on disk has no record of its sources',
    });
  });

  it('rebuilds after one app was built on its own (npm run build -w apps/web)', () => {
    build();
    forgetBuild(root);
    expect(verdict().build).toBe(true);
  });

  it('rebuilds when a built file is missing', () => {
    build();
    rmSync(join(root, BUILD_OUTPUTS[0] as string));
    expect(verdict().build).toBe(true);
  });

  it('records the inputs as they were when the build began', () => {
    beginBuild(root);
    write('apps/web/src/main.tsx', 'export const editedDuringTheBuild = 1;');
    for (const f of BUILD_OUTPUTS) write(f, 'built');
    finishBuild(root);
    expect(verdict().build).toBe(true);
  });

  it('keeps the same hash for the same inputs', () => {
    expect(inputsHash(root)).toBe(inputsHash(root));
    expect(inputsHash(root)).toMatch(/^[0-9a-f]{64}$/);
  });
});
