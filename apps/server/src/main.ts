import { ConfigError, loadConfig } from './config';
import { createDatabase, type OpenOptions } from './db/client';
import { startupMark } from './lib/startup-timing';

export interface StartOptions {
  /** PGlite's thread, started before the server's code loaded (start.ts). */
  pgliteWorker?: OpenOptions['pgliteWorker'];
  /** Called once the server listens. */
  onListening?: () => void;
}

/**
 * Starts the server: configuration, the database, the app, then listening on PORT. A failure to start
 * is printed and ends the process. Run by server.ts from the sources and by start.ts in the build, each
 * of which has read `.env` first.
 */
export function startServer(options: StartOptions = {}): void {
  main(options).catch((err) => {
    if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
    else console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
}

async function main(options: StartOptions) {
  startupMark('code-loaded');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  // The database opens while the rest of the server loads (the app's modules run at this import) and
  // registers: PGlite's WASM and files, or PostgreSQL's first connection, overlap both (decision 115).
  const { db: database, ready } = createDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    dataDir: config.dataDir,
    pgliteWorker: options.pgliteWorker,
  });
  // Awaited before the server listens (plugins/database.ts), where a failure stops the start.
  ready.then(() => startupMark('database-open')).catch(() => {});
  const [{ buildApp }, { ensureFirstAdmin }] = await Promise.all([
    import('./app'),
    import('./features/auth/first-admin'),
  ]);
  startupMark('app-loaded');
  const app = await buildApp({ config, database, ownsDatabase: true, databaseOpening: ready });
  startupMark('app-built');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A hard limit so a stuck request cannot keep the process alive for ever.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 25_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // The administrator of ADMIN_USERNAME (or the generated first one) exists before the port opens; a
  // name held by a non-administrator stops the start here (decision 013).
  await app.ready();
  await ensureFirstAdmin(app.db, config.admin, app.log);
  await app.listen({ port: config.port, host: config.host });
  startupMark('listening');
  options.onListening?.();
}
