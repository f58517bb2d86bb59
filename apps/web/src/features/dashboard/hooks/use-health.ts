import type { HealthState } from '@insightra/contract';
import { useCallback, useEffect, useState } from 'react';
import { checkServerHealth } from '../api/health';

/** Server health (checking, healthy, unhealthy) from GET /api/powerbi/health, re-checked every minute. */
export function useHealth() {
  const [health, setHealth] = useState<HealthState>('checking');
  const check = useCallback(async () => {
    const ok = await checkServerHealth();
    setHealth(ok ? 'healthy' : 'unhealthy');
    return ok;
  }, []);
  useEffect(() => {
    void check();
    const timer = setInterval(() => void check(), 60_000);
    return () => clearInterval(timer);
  }, [check]);
  return { health, check, setChecking: () => setHealth('checking') };
}
