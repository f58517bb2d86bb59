import { ApiError } from '../../../lib/api-client';

/** The server's own message (e.g. a validation rule) when its answer carried one; else null. */
export function serverMessage(err: unknown): string | null {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return null;
  const message = (err.body as { message?: unknown }).message;
  return typeof message === 'string' && message ? message : null;
}
