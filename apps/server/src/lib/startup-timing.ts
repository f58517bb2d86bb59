import { performance } from 'node:perf_hooks';

/**
 * Start-up milestones for `npm run bench:restart`: with STARTUP_TIMING=1 each one is written to stderr
 * as one JSON line, in milliseconds since the process started. Off, it costs nothing.
 */
const enabled = process.env.STARTUP_TIMING === '1';

export function startupMark(name: string): void {
  if (!enabled) return;
  process.stderr.write(`${JSON.stringify({ startup: name, ms: Math.round(performance.now()) })}\n`);
}
