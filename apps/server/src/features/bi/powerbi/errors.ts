import { EXPORT_MESSAGES, MESSAGES } from '@insightra/contract';
import { HttpError } from '../../../lib/http-error';
import { NetworkFailureError, RequestTimeoutError } from './http';

/**
 * Every Power BI failure becomes one of these: an HttpError whose message the dashboard shows as is
 * ("Failed to load {tier} report: {message}"). Messages name the cause and the fix, never a secret.
 */
export class PowerBiError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly kind: PowerBiFailure,
    headers: Record<string, string> = {},
  ) {
    super(statusCode, message, headers);
    this.name = 'PowerBiError';
  }
}

export type PowerBiFailure =
  | 'credentials'
  | 'forbidden'
  | 'throttled'
  | 'unavailable'
  | 'timeout'
  | 'unreachable'
  | 'not-configured'
  | 'identity-required'
  | 'identity-refused'
  | 'cooldown'
  | 'unexpected';

/** A moment as members read it in a message: `2026-11-23 10:05 UTC`. */
export function utcMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export const powerBiErrors = {
  credentials: () =>
    new PowerBiError(
      502,
      'Power BI sign-in failed: the application credentials were rejected (check POWERBI_TENANT_ID, POWERBI_CLIENT_ID and POWERBI_CLIENT_SECRET)',
      'credentials',
    ),
  forbidden: () =>
    new PowerBiError(
      502,
      'Power BI denied access to the workspace: add the service principal to the workspace (POWERBI_WORKSPACE_ID) as a Member or Admin',
      'forbidden',
    ),
  throttled: (retryAfterSeconds: number) =>
    new PowerBiError(
      503,
      `Power BI is throttling requests; try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`,
      'throttled',
      { 'retry-after': String(retryAfterSeconds) },
    ),
  unavailable: (status: number) =>
    new PowerBiError(
      502,
      `Power BI is unavailable right now (HTTP ${status}); try again later`,
      'unavailable',
    ),
  timeout: (ms: number) =>
    new PowerBiError(
      504,
      `Power BI did not answer within ${Math.round(ms / 100) / 10} s; try again later`,
      'timeout',
    ),
  unreachable: (host: string) =>
    new PowerBiError(
      502,
      `Power BI could not be reached (${host}); check the network and POWERBI_API_URL`,
      'unreachable',
    ),
  refreshNotConfigured: () =>
    new PowerBiError(
      503,
      'Dataset refresh is not configured: set POWERBI_DATASET_ID to the dataset behind the reports',
      'not-configured',
    ),
  tokenRefused: (status: number) =>
    new PowerBiError(
      502,
      `Power BI refused to generate an embed token (HTTP ${status}); the server log has Power BI's reason`,
      'unexpected',
    ),
  /** The dataset has row-level security and the token carried no identity (POWERBI_RLS_ROLES unset). */
  identityRequired: () => new PowerBiError(502, MESSAGES.powerBi.identityRequired, 'identity-required'),
  /** The token carried an identity for a dataset without row-level security. */
  identityRefused: () => new PowerBiError(502, MESSAGES.powerBi.identityRefused, 'identity-refused'),
  /** A refresh asked for within POWERBI_REFRESH_MIN_INTERVAL_MIN of the last completed one. */
  refreshCooldown: (lastCompletedMs: number, nextAllowedMs: number, nowMs: number) =>
    new PowerBiError(
      429,
      // The next start is shown rounded up to the minute, so that it is never refused at the time shown.
      MESSAGES.powerBi.refreshCooldown(
        utcMinute(lastCompletedMs),
        utcMinute(Math.ceil(nextAllowedMs / 60_000) * 60_000),
      ),
      'cooldown',
      { 'retry-after': String(Math.max(1, Math.ceil((nextAllowedMs - nowMs) / 1000))) },
    ),
  /** An export-to-file job Power BI reported as failed. */
  exportFailed: () => new PowerBiError(502, EXPORT_MESSAGES.failed, 'unexpected'),
  unexpected: (status: number) =>
    new PowerBiError(502, `Power BI answered an unexpected HTTP ${status}`, 'unexpected'),
};

/** Transport failures (timeouts, refused connections) as PowerBiErrors; anything else unchanged. */
export function fromTransport(err: unknown): unknown {
  if (err instanceof RequestTimeoutError) return powerBiErrors.timeout(err.timeoutMs);
  if (err instanceof NetworkFailureError) return powerBiErrors.unreachable(err.host);
  return err;
}
