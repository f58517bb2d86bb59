import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startupMark } from './lib/startup-timing';

async function main() {
  startupMark('modules-loaded');
  if (existsSync('.env')) process.loadEnvFile('.env');
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

  const app = await buildApp({ config });
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

  await app.listen({ port: config.port, host: config.host });
  startupMark('listening');
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
