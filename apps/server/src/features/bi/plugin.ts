import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type BiProvider, builtinHealth } from './provider';

/** Chooses the BI provider from configuration. */
export const biPlugin = fp(
  async (app: FastifyInstance) => {
    const provider: BiProvider = { name: 'builtin', checkHealth: builtinHealth };
    app.decorate('bi', provider);
  },
  { name: 'bi', dependencies: ['config', 'database'] },
);
