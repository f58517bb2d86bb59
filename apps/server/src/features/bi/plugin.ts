import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createBuiltinProvider } from './builtin/provider';
import { createPowerBiProvider } from './powerbi/provider';
import type { BiProvider } from './provider';

/**
 * Embed tokens without an effective identity: Power BI applies no row-level security (decision 074).
 * config.ts allows it only with POWERBI_SHARED_DATASET=true.
 */
export function rowLevelSecurityOff(config: Config): boolean {
  return (
    config.bi.provider === 'powerbi' &&
    config.bi.embedMode === 'embed-token' &&
    config.bi.powerbi.rlsRoles.length === 0
  );
}

/**
 * Chooses the BI provider from configuration (BI_PROVIDER). `builtin` (the default) also runs this
 * process's refresh worker, started with the app and stopped before it closes.
 */
export const biPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.config.bi.provider === 'powerbi') {
      // Power BI refreshes run in Power BI: no worker in this process.
      if (rowLevelSecurityOff(app.config)) {
        app.log.warn(
          'POWERBI_SHARED_DATASET=true and no POWERBI_RLS_ROLES: embed tokens carry no identity, so every member sees every row of the Power BI dataset, on purpose (docs/POWERBI.md)',
        );
      }
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
