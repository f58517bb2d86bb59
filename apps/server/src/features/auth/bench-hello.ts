import type { FastifyInstance } from 'fastify';
import { findUserById } from './user-repository';

/**
 * Baselines for bench/auth-me.ts, on the same server with the same plugins and hooks: a bare hello,
 * the session check alone (token and session read), and the user read alone — so the benchmark can say where /auth/me's time
 * goes. Registered only when BENCH_HELLO=1, so production never has them.
 */
export function registerBenchHello(app: FastifyInstance): void {
  if (process.env.BENCH_HELLO !== '1') return;
  app.get('/api/bench/hello', async () => ({ hello: 'world' }));
  app.get('/api/bench/jwt', async (request) => {
    const caller = await app.authorize(request, 'user');
    return { userId: caller.userId };
  });
  app.get<{ Querystring: { id?: string } }>('/api/bench/db', async (request) => {
    const row = await findUserById(app.db, Number(request.query.id ?? 1));
    return { username: row?.username ?? null };
  });
}
