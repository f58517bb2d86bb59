import { useSyncExternalStore } from 'react';

/*
 * The organisation being switched to, while the switch is under way. The member area shows only that
 * it is switching meanwhile, so no frame after the switch's answer can still show the last
 * organisation's data.
 */
let target: string | null = null;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Marks a switch to the organisation named `name` as under way (null: none). */
export function setSwitchingTo(name: string | null): void {
  target = name;
  for (const listener of listeners) listener();
}

/** The name of the organisation being switched to, or null. */
export const useSwitchingTo = () =>
  useSyncExternalStore(
    subscribe,
    () => target,
    () => null,
  );
