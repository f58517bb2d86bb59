import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { ensureBuilt } from './server-process';

const DIST = path.resolve(import.meta.dirname, '../../dist');

ensureBuilt();

/**
 * lib/worker.ts for test files that upload through the app in-process (`vi.mock('../../src/lib/worker',
 * () => import('../helpers/built-workers'))`): each worker thread (CSV parser, spreadsheet reader) runs
 * the build, `dist/<name>.js`, as the product does, instead of the sources through tsx, which compiles
 * the worker's modules again in every new thread: about a second per upload on a busy machine. The build
 * is made first when it is stale, so the threads run the current sources. The path from the sources keeps
 * its own tests (csv-worker-client.test.ts, the PGlite thread test).
 */
export function startWorker(name: string, _source: URL, options: WorkerOptions): Worker {
  return new Worker(path.join(DIST, `${name}.js`), options);
}
