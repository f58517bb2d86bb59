import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseOutage } from '../db/availability';
import { type Database, openDatabase } from '../db/client';
import { ping } from '../db/health-repository';
import { migrate } from '../db/migrate';
import { startupMark } from '../lib/startup-timing';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Logs a database outage once and notices its end (db/availability.ts). */
    databaseOutage: DatabaseOutage;
  }
}

export interface DatabaseOptions {
  database?: Database;
  ownsDatabase?: boolean;
  /**
   * The given database is still opening (server.ts): the other plugins register meanwhile — none of
   * them queries while registering — and migrations run once it is open, in the first onReady hook,
   * before any other plugin's start-up work and before the server listens (decision 115).
   */
  opening?: Promise<unknown>;
}

/**
 * Opens the database (or takes one given, as tests do), applies migrations, and closes it when the app
 * closes — after in-flight requests have finished.
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: DatabaseOptions) => {
    const db =
      opts.database ??
      (await openDatabase({
        databaseUrl: app.config.databaseUrl,
        poolSize: app.config.databasePoolSize,
        connectTimeoutMs: app.config.databaseConnectTimeoutMs,
        dataDir: app.config.dataDir,
      }));
    const owns = opts.ownsDatabase ?? !opts.database;
    const migrated = async () => {
      const applied = await migrate(db);
      startupMark('migrations-checked');
      if (applied.length) app.log.info({ applied }, 'migrations applied');
    };
    const { opening } = opts;
    if (opening) {
      app.addHook('onReady', async () => {
        await opening;
        await migrated();
      });
    } else {
      await migrated();
    }
    app.decorate('db', db);
    const outage = new DatabaseOutage(() => ping(db), app.log);
    app.decorate('databaseOutage', outage);
    app.addHook('onClose', async () => {
      outage.stop();
      if (owns) await db.close();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
