import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBuiltinProvider } from './builtin/provider';
import { createPowerBiProvider } from './powerbi/provider';
import type { BiProvider } from './provider';

/**
 * Chooses the BI provider from configuration (BI_PROVIDER). `builtin` (the default) also runs this
 * process's refresh worker, started with the app and stopped before it closes.
 */
export const biPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.config.bi.provider === 'powerbi') {
      // Power BI refreshes run in Power BI: no worker in this process.
      app.decorate('bi', createPowerBiProvider({ config: app.config, db: app.db, log: app.log }));
      return;
    }
    const builtin = createBuiltinProvider(app);
    const provider: BiProvider = builtin;
    app.decorate('bi', provider);
    app.addHook('onReady', async () => {
      builtin.worker.start();
    });
    app.addHook('preClose', async () => {
      await builtin.worker.stop();
    });
  },
  { name: 'bi', dependencies: ['config', 'database', 'auth'] },
);
