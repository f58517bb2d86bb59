import { api } from '@insightra/contract';
import { apiRequest } from '../../../lib/api-client';

/** True when GET /api/powerbi/health answers healthy; false for 503, other errors and no answer. */
export async function checkServerHealth(signal?: AbortSignal): Promise<boolean> {
  try {
    return (await apiRequest(api.bi.health, { signal })).status === 'healthy';
  } catch {
    return false;
  }
}
