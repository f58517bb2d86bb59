import { api, type EmbedTokenResponse, MESSAGES, type Tier } from '@insightra/contract';
import { authHeaders, routeUrl } from '../../../lib/api-client';

/** A failure of the report connection, worded as the Dashboard messages of docs/PRODUCT.md#server-health. */
export class DashboardError extends Error {}

/**
 * GET /api/powerbi/get-powerbi-token?tier= with the three failure readings of docs/PRODUCT.md#server-health: no answer
 * (server not running), an answer that is not JSON (endpoint missing), a non-OK answer (API Error).
 */
export async function fetchEmbedToken(tier: Tier, signal?: AbortSignal): Promise<EmbedTokenResponse> {
  let response: Response;
  try {
    response = await fetch(routeUrl(api.bi.embedToken, undefined, { tier }), {
      headers: authHeaders(),
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new DashboardError(MESSAGES.dashboard.serverNotRunning);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new DashboardError(MESSAGES.dashboard.powerBiUnavailable);
  }
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : text;
    throw new DashboardError(MESSAGES.dashboard.apiError(response.status, message));
  }
  return body as EmbedTokenResponse;
}
