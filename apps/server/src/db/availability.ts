/**
 * Telling "the database cannot be reached now" (stopped, restarting, failing over, unreachable) from a
 * fault of the request, and logging an outage once rather than once per failed request.
 */

/** SQLSTATEs of a server that is shutting down, starting up, or refusing connections. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: "terminating connection due to administrator command"
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: "the database system is starting up / shutting down"
  '53300', // too_many_connections
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The driver's own words for a lost or unobtainable connection (pg and pg-pool). */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^timeout expired$/,
];

const LOST_CONNECTION = Symbol('insightra.lostDatabaseConnection');

/** Marks an error a database client emitted: its socket is gone, whatever the error's code says. */
export function markConnectionError(err: unknown): void {
  if (err && typeof err === 'object') (err as Record<symbol, boolean>)[LOST_CONNECTION] = true;
}

/** True when `err` (or its cause) says the database is unreachable rather than the query being wrong. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as {
    code?: unknown;
    message?: unknown;
    syscall?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if ((e as Record<symbol, unknown>)[LOST_CONNECTION]) return true;
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNAVAILABLE_SQLSTATES.has(code)) return true;
  // A network code alone could be the client's own socket; one from connecting is the database's.
  if (NETWORK_CODES.has(code) && (e.syscall === 'connect' || e.syscall === 'getaddrinfo')) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(e.cause, depth + 1);
}

export interface OutageLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * One warning when the database becomes unavailable and one line when it is back: while it is down,
 * a probe every `probeMs` finds out when it returns. Failed requests only report here.
 */
export class DatabaseOutage {
  private since: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly probe: () => Promise<unknown>,
    private readonly log: OutageLog,
    private readonly probeMs = 1000,
  ) {}

  get down(): boolean {
    return this.since !== null;
  }

  /** Records an error that means the database is unavailable; logs only the first of an outage. */
  report(err: unknown): void {
    if (this.since !== null || this.stopped) return;
    this.since = Date.now();
    const e = err as { code?: unknown; message?: unknown };
    this.log.warn(
      { code: e?.code, reason: typeof e?.message === 'string' ? e.message : String(err) },
      'database unavailable: answering 503 until it returns',
    );
    this.schedule();
  }

  /**
   * For background work (sweeps, prunes, statistics): a failure because the database is unavailable is
   * the outage's one warning, not a line (and stack) per task; any other failure goes to `otherwise`.
   */
  backgroundFailed(err: unknown, otherwise: () => void): void {
    if (isDatabaseUnavailable(err)) this.report(err);
    else otherwise();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.probe().then(
        () => {
          const downMs = Date.now() - (this.since ?? Date.now());
          this.since = null;
          this.log.info({ downMs }, 'database available again');
        },
        () => this.schedule(),
      );
    }, this.probeMs);
    this.timer.unref();
  }
}
