import { api } from '@insightra/contract';
import { routeUrl } from '../../../lib/api-client';

/** True when GET /api/powerbi/health answers healthy; false for 503, other errors and no answer. */
export async function checkServerHealth(signal?: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch(routeUrl(api.bi.health), { signal });
    if (!response.ok) return false;
    const body = (await response.json()) as { status?: string };
    return body.status === 'healthy';
  } catch {
    return false;
  }
}
