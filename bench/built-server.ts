/**
 * A built server bundle run as a child process by the benchmarks that measure it over HTTP
 * (auth-me, organisations, subscriptions): started with a fixed session secret and no first
 * administrator, ready once `readyPath` answers 200, stopped as a deployment would stop it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const SECRET = 'bench-secret-that-is-long-enough-0123456789abcdef';

export interface BuiltServerOptions {
  /** The folder holding the bundle's server.js. */
  serverDir: string;
  port: number;
  /** Polled every 250 ms until it answers 200. */
  readyPath: string;
  /** How long the server may take to answer. */
  timeoutMs: number;
  /** Variables on top of the bench's (database, data folder, bench routes...). */
  env: Record<string, string>;
}

export async function startBuiltServer(o: BuiltServerOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(o.serverDir, 'server.js')], {
    env: {
      ...process.env,
      PORT: String(o.port),
      HOST: '127.0.0.1',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'error',
      ADMIN_USERNAME: '',
      ADMIN_PASSWORD: '',
      ...o.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + o.timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${o.port}${o.readyPath}`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** SIGTERM, then the server's own orderly stop. */
export async function stopBuiltServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
