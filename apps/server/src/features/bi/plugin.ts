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
 * What Power BI exports (downloads and mailed reports) run as, in secure-embed mode, where viewers'
 * own licences show the frame but the server exports: the organisation's identity (POWERBI_RLS_ROLES),
 * none on purpose (POWERBI_SHARED_DATASET=true), or nothing at all: then no export runs.
 */
export function secureEmbedExports(config: Config): 'identity' | 'shared' | 'off' | null {
  if (config.bi.provider !== 'powerbi' || config.bi.embedMode !== 'secure-embed') return null;
  if (config.bi.powerbi.rlsRoles.length > 0) return 'identity';
  return config.bi.powerbi.sharedDataset ? 'shared' : 'off';
}

const SECURE_EMBED_EXPORTS = {
  identity:
    "Power BI secure-embed: exports and e-mailed reports carry the organisation's identity (POWERBI_RLS_ROLES)",
  shared:
    'Power BI secure-embed: exports and e-mailed reports carry no identity, so they show every row, on purpose (POWERBI_SHARED_DATASET=true)',
  off: 'Power BI secure-embed: exports and e-mailed reports are off, since they would carry no identity; set POWERBI_RLS_ROLES (or POWERBI_SHARED_DATASET=true) to turn them on',
} as const;

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
      const exports = secureEmbedExports(app.config);
      if (exports === 'off') app.log.warn(SECURE_EMBED_EXPORTS.off);
      else if (exports) app.log.info(SECURE_EMBED_EXPORTS[exports]);
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
