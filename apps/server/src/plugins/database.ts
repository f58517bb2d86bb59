import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseOutage } from '../db/availability';
import { afterMigrations, type Database, openDatabase } from '../db/client';
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
  /** The given database is still opening (main.ts): the other plugins register meanwhile (decision 115). */
  opening?: Promise<unknown>;
}

/**
 * Opens the database (or takes one given, as tests and main.ts do), applies migrations as soon as it is
 * open, and closes it when the app closes — after in-flight requests have finished.
 *
 * The other plugins receive `app.db` at once, but every statement on it waits until the migrations
 * have been applied (`afterMigrations`): whatever a plugin queries, whenever it does, it meets the
 * current schema. The first onReady hook waits for the same migrations, so a failure stops the start
 * before the server listens (decision 115).
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: DatabaseOptions) => {
    const opened =
      opts.database ??
      (await openDatabase({
        databaseUrl: app.config.databaseUrl,
        poolSize: app.config.databasePoolSize,
        connectTimeoutMs: app.config.databaseConnectTimeoutMs,
        dataDir: app.config.dataDir,
      }));
    const owns = opts.ownsDatabase ?? !opts.database;
    const migrated = Promise.resolve(opts.opening)
      .then(() => migrate(opened))
      .then((applied) => {
        startupMark('migrations-checked');
        if (applied.length) app.log.info({ applied }, 'migrations applied');
      });
    // Its failure is reported by the onReady hook below and by any statement that waited for it.
    migrated.catch(() => {});
    const db = afterMigrations(opened, migrated);
    app.addHook('onReady', async () => {
      await migrated;
    });
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
