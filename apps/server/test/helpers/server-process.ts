import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
/** The built server, as `npm start` and a deployment run it. */
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');

let built = false;
/**
 * Builds the product first when the build on disk is missing or stale (`npm test` has built it
 * already; a lone `vitest run` after an edit rebuilds here), so a child server runs the current code.
 */
export function ensureBuilt(): void {
  if (built) return;
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-if-stale.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}${result.stderr}`);
  built = true;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Everything the child writes to stdout and stderr so far, as one text. */
export function capturedOutput(child: ChildProcess): () => string {
  let out = '';
  const append = (d: Buffer) => {
    out += d;
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => out;
}

/** Runs the built server as a child process; resolves once /api/powerbi/health answers. */
export async function startServer(
  env: Record<string, string> = {},
  { waitReady = true } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'insightra-proc-'));
  ensureBuilt();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_USERNAME: 'procadmin',
      ADMIN_PASSWORD: 'proc-admin-password',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = capturedOutput(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server = { child, port, url: `http://127.0.0.1:${port}`, output, exited };
  if (waitReady) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
      try {
        const res = await fetch(`${server.url}/api/powerbi/health`);
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`server did not start:\n${output()}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return server;
}

/** Resolves once the server has written `text` (a log message) to its output; fails after `ms`. */
export async function waitForOutput(server: ServerProcess, text: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!server.output().includes(text)) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited before "${text}":\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" within ${ms} ms:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * `startServer` for one test file, with `env` beneath each start's own variables; any server still
 * running when the file ends is killed.
 */
export function serverStarter(env: Record<string, string>) {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  });
  return async (more: Record<string, string>) => {
    const server = await startServer({ ...env, ...more });
    children.push(server.child);
    return server;
  };
}

/** Sends `signal` and resolves once the process has exited (at once when it already has). */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}
