import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../../src/config';
import type { Database } from '../../../src/db/client';
import {
  createPowerBiProvider,
  type PowerBiProviderOptions,
} from '../../../src/features/bi/powerbi/provider';
import { createTestDatabase } from '../database';
import { PowerBiStandIn } from './stand-in';

/** A logger whose every line is kept, to prove no secret is ever written. */
export function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = Fastify({ logger: { level: 'trace', stream } }).log;
  return { log, lines };
}

/** The provider configured for `standIn`, as plugin.ts builds it, with test knobs. */
export function providerFor(
  standIn: PowerBiStandIn,
  db: Database,
  options: Partial<PowerBiProviderOptions> & { env?: Record<string, string> } = {},
) {
  const { env, ...rest } = options;
  const config = loadConfig({ LOG_LEVEL: 'silent', ...standIn.env(env) });
  const logger = capturingLogger();
  const sleeps: number[] = [];
  const provider = createPowerBiProvider({
    config,
    db,
    log: logger.log,
    ca: standIn.ca,
    timeoutMs: 2_000,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...rest,
  });
  return { provider, logger, sleeps, config };
}

/** A Power BI stand-in and a fresh test database for one file's tests: started before, stopped after. */
export function standInWithDatabase(): { standIn: PowerBiStandIn; db: Database } {
  const pbi = {} as { standIn: PowerBiStandIn; db: Database };
  let drop = async () => {};
  beforeAll(async () => {
    pbi.standIn = await new PowerBiStandIn().start();
    const testDb = await createTestDatabase();
    pbi.db = testDb.db;
    drop = testDb.drop;
  });
  afterAll(async () => {
    await pbi.standIn.stop();
    await drop();
  });
  return pbi;
}
