import type { FastifyInstance } from 'fastify';
import { findUserById } from './user-repository';

/**
 * Baselines for bench/auth-me.ts, on the same server with the same plugins and hooks: a bare hello,
 * the session check alone (token and session read), and the user read alone — so the benchmark can say
 * where /auth/me's time goes. They are outside the contract and its access rules (the hello and the user
 * read answer anyone), so only the benchmark's own build has them (routes.ts, build.mjs): never the
 * product's build, nor the server run from the sources.
 */
export function registerBenchHello(app: FastifyInstance): void {
  app.get('/api/bench/hello', async () => ({ hello: 'world' }));
  app.get('/api/bench/jwt', async (request) => {
    const caller = await app.authorize(request, { access: 'user' });
    return { userId: caller.userId };
  });
  app.get<{ Querystring: { id?: string } }>('/api/bench/db', async (request) => {
    const row = await findUserById(app.db, Number(request.query.id ?? 1));
    return { username: row?.username ?? null };
  });
}
