import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { type App, buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import type { Database } from '../../../src/db/client';
import type { PowerBiStandIn } from './stand-in';

export interface PowerBiApp {
  app: App;
  /** Every log line of this app, as JSON text. */
  lines: string[];
}

/**
 * The whole app with BI_PROVIDER=powerbi against `standIn`, on `database` (several apps may share one,
 * as several instances of the product share PostgreSQL), every log line kept. The caller closes it.
 * The stand-in's certificate must be trusted first (trustCertificateAuthority).
 */
export async function powerBiApp(
  standIn: PowerBiStandIn,
  database: Database,
  env: Record<string, string> = {},
  level: 'info' | 'trace' = 'info',
): Promise<PowerBiApp> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'insightra-pbi-')),
    ...standIn.env(env),
  });
  const app = await buildApp({ config, database, logger: { level, stream } });
  await app.ready();
  return { app, lines };
}

/** Log lines whose text contains `needle`. */
export const linesWith = (lines: string[], needle: string) => lines.filter((l) => l.includes(needle));
