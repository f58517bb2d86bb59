import { EMBED_MESSAGES } from '@insightra/contract';
import { useCallback, useEffect, useRef } from 'react';

/**
 * The parent side of the report frame protocol: every frame or undocked window of ours that says
 * 'ready' gets the current embed token by postMessage (never in its URL), and again whenever the token
 * is renewed; `notifyRefresh` tells them all to fetch their data again. Same origin only.
 */
export function useEmbedChannel(token: string | null) {
  const targets = useRef(new Set<Window>());
  const tokenRef = useRef(token);
  tokenRef.current = token;

  const post = useCallback((target: Window, message: Record<string, unknown>) => {
    try {
      if (!target.closed) target.postMessage(message, window.location.origin);
    } catch {
      // A window that went away between the check and the call.
    }
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (event.data?.type !== EMBED_MESSAGES.ready || !event.source) return;
      const source = event.source as Window;
      targets.current.add(source);
      if (tokenRef.current) post(source, { type: EMBED_MESSAGES.token, token: tokenRef.current });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [post]);

  useEffect(() => {
    if (!token) return;
    for (const target of targets.current) {
      if (target.closed) targets.current.delete(target);
      else post(target, { type: EMBED_MESSAGES.token, token });
    }
  }, [token, post]);

  const notifyRefresh = useCallback(() => {
    for (const target of targets.current) post(target, { type: EMBED_MESSAGES.refresh });
  }, [post]);

  return { notifyRefresh };
}
