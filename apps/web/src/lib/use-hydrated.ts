import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in a build-time render (decision 120) and in the browser's first render that hydrates it, true
 * from then on and in every render of the running app: what only the running app can show waits for it,
 * and the hydrating render still matches the pre-rendered markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
