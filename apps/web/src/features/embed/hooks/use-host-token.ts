import { EMBED_MESSAGES } from '@insightra/contract';
import { useEffect, useState } from 'react';

export interface HostToken {
  token: string | null;
  /** Bumped when the host says the data was refreshed. */
  refreshCount: number;
  /** No dashboard (parent frame or opener) answered: the page was opened on its own. */
  orphan: boolean;
}

/** How long to wait for the dashboard's token before saying the report must be opened from it. */
const HOST_TIMEOUT_MS = 5000;

/**
 * The frame side of the embed protocol: says 'ready' to the page that framed or opened it, then takes
 * the embed token (and later renewals and refresh notices) from that page's messages, same origin only.
 */
export function useHostToken(): HostToken {
  const [state, setState] = useState<HostToken>({ token: null, refreshCount: 0, orphan: false });
  useEffect(() => {
    const host = window.parent !== window ? window.parent : (window.opener as Window | null);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== host) return;
      const data = event.data as { type?: string; token?: unknown } | null;
      if (data?.type === EMBED_MESSAGES.token && typeof data.token === 'string') {
        const token = data.token;
        setState((s) => (s.token === token ? s : { ...s, token, orphan: false }));
      } else if (data?.type === EMBED_MESSAGES.refresh) {
        setState((s) => ({ ...s, refreshCount: s.refreshCount + 1 }));
      }
    };
    window.addEventListener('message', onMessage);
    if (!host) {
      setState((s) => ({ ...s, orphan: true }));
      return () => window.removeEventListener('message', onMessage);
    }
    host.postMessage({ type: EMBED_MESSAGES.ready }, window.location.origin);
    const timer = setTimeout(() => setState((s) => (s.token ? s : { ...s, orphan: true })), HOST_TIMEOUT_MS);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
  }, []);
  return state;
}
