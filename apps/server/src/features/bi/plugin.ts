import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BiProvider } from './provider';

/** Chooses the BI provider from configuration. (The built-in and Power BI providers plug in here.) */
export const biPlugin = fp(
  async (app: FastifyInstance) => {
    const unavailable = async () => {
      throw new Error('No BI provider is configured');
    };
    const provider: BiProvider = {
      name: 'builtin',
      checkHealth: async () => 'ok',
      embedToken: unavailable,
      startRefresh: unavailable,
      refreshStatus: unavailable,
      refreshQueue: unavailable,
    };
    app.decorate('bi', provider);
  },
  { name: 'bi', dependencies: ['config', 'database', 'auth'] },
);
