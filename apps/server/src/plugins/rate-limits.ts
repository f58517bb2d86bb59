import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneExpired } from '../lib/rate-limit';
import { soonAfterStart } from '../lib/start-up-work';

/** How often expired limit windows are removed. An expired window is also restarted in place when reused. */
export const PRUNE_EVERY_MS = 10 * 60_000;

/** Removes expired request-limit windows soon after start and periodically (decision 095); live ones are kept. */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    const prune = async () => {
      try {
        const removed = await pruneExpired(app.db);
        if (removed) app.log.debug({ removed }, 'expired rate-limit windows pruned');
      } catch (err) {
        app.databaseOutage.backgroundFailed(err, () =>
          app.log.warn({ err }, 'pruning rate-limit windows failed; retrying later'),
        );
      }
    };
    let timer: NodeJS.Timeout | undefined;
    soonAfterStart(app, prune);
    app.addHook('onReady', async () => {
      timer = setInterval(prune, PRUNE_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
    });
  },
  { name: 'rate-limits', dependencies: ['database'] },
);
