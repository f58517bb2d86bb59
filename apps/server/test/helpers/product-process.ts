import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { capturedOutput, freePort } from './server-process';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
/** What `npm start` runs (package.json): build when stale, then serve apps/server/dist/server.js. */
const START = path.join(ROOT, 'scripts/start.mjs');

export interface ProductProcess {
  url: string;
  output: () => string;
  /** SIGTERM, then resolves once the whole product (start script and server) has exited. */
  stop(): Promise<void>;
}

/** The first administrator's step at start: a printed password, or a line saying none was needed. */
const ADMIN_STEP_DONE = /created with the password: \S+|first administrator not needed/;

/**
 * Runs the product as the README's first command does, in `cwd`, with a newcomer's environment: only
 * PATH, HOME, a free PORT and `env`. Resolves once health answers 200 and the first administrator's
 * step has finished. The first call may build the product (a minute or more).
 */
export async function startProduct(cwd: string, env: Record<string, string> = {}): Promise<ProductProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [START], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = capturedOutput(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const product: ProductProcess = {
    url,
    output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 360_000;
  let healthy = false;
  while (!healthy || !ADMIN_STEP_DONE.test(output())) {
    if (child.exitCode !== null) throw new Error(`the product exited (${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the product did not become healthy:\n${output()}`);
    }
    if (!healthy) {
      try {
        healthy = (await fetch(`${url}/api/powerbi/health`)).status === 200;
      } catch {
        // not listening yet
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return product;
}
