import { LAYOUT, STORAGE_KEYS, TIMINGS, type Tier } from '@insightra/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { storage } from '../../../lib/storage';

export interface DockState {
  isDocked: boolean;
  dimensions: { width: number; height: number };
  timestamp: number;
}

const DIMENSIONS = { width: LAYOUT.undockWidth, height: LAYOUT.undockHeight };

function save(tier: Tier, isDocked: boolean) {
  // The state is the signed-in user's: after Logout (the page unmounting docks it) there is no one to
  // keep it for, and it would be left for the next user.
  if (!storage.get(STORAGE_KEYS.token)) return;
  const state: DockState = { isDocked, dimensions: DIMENSIONS, timestamp: Date.now() };
  storage.setJson(STORAGE_KEYS.dockState(tier), state);
}

/**
 * Undocking opens the report in a separate 1200x800 window; a check every second notices when it is
 * closed and docks again; the window closes when this page unloads. State per tier in dock-state-{tier}.
 */
export function useDock(tier: Tier) {
  const [undocked, setUndocked] = useState(false);
  const popup = useRef<Window | null>(null);

  const dock = useCallback(() => {
    if (popup.current && !popup.current.closed) popup.current.close();
    popup.current = null;
    setUndocked(false);
    save(tier, true);
  }, [tier]);

  const undock = useCallback(
    (url: string) => {
      const opened = window.open(
        url,
        `insightra-report-${tier}`,
        `popup=yes,width=${DIMENSIONS.width},height=${DIMENSIONS.height}`,
      );
      if (!opened) return false;
      popup.current = opened;
      setUndocked(true);
      save(tier, false);
      return true;
    },
    [tier],
  );

  useEffect(() => {
    if (!undocked) return;
    const timer = setInterval(() => {
      if (!popup.current || popup.current.closed) dock();
    }, TIMINGS.undockClosedCheckMs);
    return () => clearInterval(timer);
  }, [undocked, dock]);

  useEffect(() => {
    const close = () => popup.current?.close();
    window.addEventListener('beforeunload', close);
    return () => {
      window.removeEventListener('beforeunload', close);
    };
  }, []);

  // Another tier (or leaving the page) docks this one.
  useEffect(() => () => dock(), [dock]);

  return { undocked, undock, dock };
}
