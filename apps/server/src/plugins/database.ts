import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/**
 * Opens the database (or takes one given, as tests do), applies migrations, and closes it when the app
 * closes — after in-flight requests have finished.
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { database?: Database; ownsDatabase?: boolean }) => {
    const db =
      opts.database ??
      (await openDatabase({
        databaseUrl: app.config.databaseUrl,
        poolSize: app.config.databasePoolSize,
        dataDir: app.config.dataDir,
      }));
    const owns = opts.ownsDatabase ?? !opts.database;
    const applied = await migrate(db);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      if (owns) await db.close();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
