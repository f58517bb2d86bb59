import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The key under which ts-worker.mjs finds the entry to run. */
const TS_ENTRY = '__tsEntry';

/**
 * Starts one of the server's worker threads: in the bundle it is `<name>.js` beside server.js (an entry
 * point of build.mjs); from the sources (tests, `npm run dev`) ts-worker.mjs loads `source` through tsx,
 * so a worker may be TypeScript and import the server's own modules.
 */
export function startWorker(name: string, source: URL, options: WorkerOptions): Worker {
  const bundled = fileURLToPath(new URL(`./${name}.js`, import.meta.url));
  if (existsSync(bundled)) return new Worker(bundled, options);
  return new Worker(fileURLToPath(new URL('./ts-worker.mjs', import.meta.url)), {
    ...options,
    workerData: { ...(options.workerData as object), [TS_ENTRY]: source.href },
  });
}
