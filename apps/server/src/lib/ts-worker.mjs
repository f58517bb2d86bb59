// Runs a TypeScript worker from the sources (lib/worker.ts): registers tsx, then loads the entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.__tsEntry);
