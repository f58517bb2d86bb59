// The built server's entry (dist/server.js, build.mjs). It starts PGlite's thread first, so the database
// opens while the rest of the server loads, then runs the server's bundle with V8's code cache
// (decision 123). From the sources, server.ts starts the same server without either.
import path from 'node:path';
import { dataDirectory, pgliteDirectory } from './db/pglite-location';
import { startPgliteWorker } from './db/pglite-thread';
import { loadWithCodeCache } from './lib/code-cache';
import { loadEnvFile } from './lib/env-file';
import { startupMark } from './lib/startup-timing';
import type { startServer as StartServer } from './main';

/** The bundle's file name, content-hashed (build.mjs). */
declare const __SERVER_BUNDLE__: string;

startupMark('entry-loaded');
loadEnvFile();
// Without DATABASE_URL the server uses PGlite under DATA_DIR, as configuration decides (config.ts).
const pgliteDir = process.env.DATABASE_URL?.trim()
  ? undefined
  : pgliteDirectory(dataDirectory(process.env.DATA_DIR));
const pgliteWorker = pgliteDir ? { dir: pgliteDir, worker: startPgliteWorker(pgliteDir) } : undefined;

const here = import.meta.dirname;
const bundle = loadWithCodeCache(path.join(here, __SERVER_BUNDLE__), path.join(here, '.code-cache'));
startupMark(`code-cache-${bundle.cache}`);
const startServer = bundle.exports.startServer as typeof StartServer;

// The cache is written once the server has listened for a while, or when it stops if that is sooner,
// so that it holds the code of every start-up step and of the first requests.
const CODE_CACHE_AFTER_MS = 2000;
let listened = false;
const saveCodeCache = () => {
  if (listened) bundle.save();
};
process.once('exit', saveCodeCache);
startServer({
  pgliteWorker,
  onListening: () => {
    listened = true;
    setTimeout(saveCodeCache, CODE_CACHE_AFTER_MS).unref();
  },
});
