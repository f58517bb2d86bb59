import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { fromPglite } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';

/**
 * Creates one migrated PGlite data directory per test run and dumps it; every test file then loads a
 * private copy in about a second instead of running initdb and the migrations again.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'insightra-pglite-'));
  const instance = await PGlite.create();
  await migrate(fromPglite(instance));
  const dump = await instance.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await instance.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}
