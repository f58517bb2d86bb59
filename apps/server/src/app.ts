import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { biPlugin } from './features/bi/plugin';
import { features } from './features/index';
import { metricsPlugin } from './features/metrics/plugin';
import { configurePasswordHashing } from './lib/password';
import { validatorCompiler } from './lib/validator';
import { authPlugin } from './plugins/auth';
import { configPlugin } from './plugins/config';
import { databasePlugin } from './plugins/database';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { securityPlugin } from './plugins/security';
import { timeoutOptions, watchIdleRequests } from './plugins/timeouts';
import { webAppPlugin } from './plugins/web-app';

export interface BuildOptions {
  config: Config;
  /** An already open database (tests); otherwise one is opened from the configuration. */
  database?: Database;
  /** Whether the app closes that database when it closes (main.ts opens it early, then hands it over). */
  ownsDatabase?: boolean;
  /** That database is still opening: the app registers meanwhile (plugins/database.ts). */
  databaseOpening?: Promise<unknown>;
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * Who may name the client in X-Forwarded-For. Off by default: any client writes that header, so the
 * socket's peer is the client. A hop count trusts that many nearest peers whatever their address (the
 * server must then be reachable only through its proxies); a list trusts those addresses (decision 096).
 */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return trust === 0 ? false : (_address: string, hop: number) => hop < trust;
}

/** Builds the whole application; `startServer` (main.ts) listens and shuts down. */
export async function buildApp({ config, database, ownsDatabase, databaseOpening, logger }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // Opening the database and applying a first start's migrations can take tens of seconds on a busy
    // machine; Fastify's default of 10 s per plugin and onReady hook would end the start-up instead.
    pluginTimeout: 120_000,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOption(config.trustProxy),
    // Idle keep-alive sockets close at shutdown; busy ones finish their request first.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    ...timeoutOptions(config.timeouts),
  }).withTypeProvider<ZodTypeProvider>();
  watchIdleRequests(app.server, config.timeouts, app.log);
  configurePasswordHashing({ concurrency: config.hashConcurrency });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Once the server is closing, a request still in flight ends its connection with its answer: the
  // shutdown then waits for no client to drop an idle keep-alive socket (up to the keep-alive timeout).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    if (closing) reply.header('connection', 'close');
    reply.header('x-request-id', request.id);
    // API answers are per user and per moment: no browser or proxy keeps them (files set their own).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  await app.register(configPlugin, { config });
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(databasePlugin, { database, ownsDatabase, opening: databaseOpening });
  await app.register(rateLimitsPlugin);
  await app.register(securityPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(metricsPlugin);
  await app.register(biPlugin);
  for (const feature of features) await app.register(feature);
  await app.register(webAppPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
