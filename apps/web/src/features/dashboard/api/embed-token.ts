import { api, type EmbedTokenResponse, MESSAGES, type Tier } from '@insightra/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** A failure of the report connection, worded as the Dashboard messages of docs/PRODUCT.md#server-health. */
export class DashboardError extends Error {}

/**
 * GET /api/powerbi/get-powerbi-token?tier= with the three failure readings of docs/PRODUCT.md#server-health: no answer
 * (server not running), an answer that is not JSON (endpoint missing), a non-OK answer (API Error).
 */
export async function fetchEmbedToken(tier: Tier, signal?: AbortSignal): Promise<EmbedTokenResponse> {
  try {
    return await apiRequest(api.bi.embedToken, { query: { tier }, signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    if (!(err instanceof ApiError)) throw new DashboardError(MESSAGES.dashboard.powerBiUnavailable);
    if (err.isNetworkError) throw new DashboardError(MESSAGES.dashboard.serverNotRunning);
    // ApiError keeps a body that is not JSON as its raw text.
    if (typeof err.body === 'string') throw new DashboardError(MESSAGES.dashboard.powerBiUnavailable);
    throw new DashboardError(MESSAGES.dashboard.apiError(err.status, err.message));
  }
}
