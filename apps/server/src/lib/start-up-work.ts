import type { FastifyInstance } from 'fastify';

/**
 * How long after a start its one-off background work waits: the sweeps and prunes every start runs
 * once, and the refresh worker's first look for jobs. A restarted instance then answers its first
 * requests (the load balancer's health check first) without queueing behind that work for a database
 * connection, or for PGlite's one thread (decision 123).
 */
export const START_UP_WORK_DELAY_MS = 1000;

/** Runs `work` START_UP_WORK_DELAY_MS after the app is ready (or listening), unless it closes first. */
export function soonAfterStart(
  app: FastifyInstance,
  work: () => unknown,
  hook: 'onReady' | 'onListen' = 'onReady',
): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook(hook, async () => {
    timer = setTimeout(work, START_UP_WORK_DELAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
