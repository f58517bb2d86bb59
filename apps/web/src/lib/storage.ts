import { STORAGE_KEYS, TIERS } from '@insightra/contract/public';

/** localStorage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the value lives for this page only.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },
  getJson<T>(key: string): T | null {
    const raw = storage.get(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: string, value: unknown): void {
    storage.set(key, JSON.stringify(value));
  },
};

/**
 * Whose each stored key is: a user's keys go when that user leaves the page (logout, a
 * session ended elsewhere, signing in as someone else), so the next one finds none of them; the
 * device's stay. Typed over every STORAGE_KEYS entry, so a new key cannot be added undecided.
 */
export const STORAGE_OWNERS: Record<keyof typeof STORAGE_KEYS, 'user' | 'device'> = {
  token: 'user',
  // Which tier, tab and docking the last user chose tells the next one about their reports.
  selectedTier: 'user',
  selectedTab: 'user',
  dockState: 'user',
  // How wide the screen's sidebar is: a preference of the screen, naming nothing of anyone.
  sidebarCollapsed: 'device',
};

/** Removes every stored key of the signed-in user (the token included); the device's keys stay. */
export function forgetUserStorage(): void {
  forgetStored((name) => STORAGE_OWNERS[name] === 'user');
}

/**
 * Removes the user's stored choices but keeps their token: what an organisation switch does, since the
 * last organisation's tier, tab and docking name its reports. The token is replaced, never removed, so
 * other tabs follow the switch instead of signing out.
 */
export function forgetOrganisationStorage(): void {
  forgetStored((name) => STORAGE_OWNERS[name] === 'user' && name !== 'token');
}

function forgetStored(which: (name: keyof typeof STORAGE_KEYS) => boolean): void {
  for (const name of Object.keys(STORAGE_OWNERS) as (keyof typeof STORAGE_KEYS)[]) {
    if (!which(name)) continue;
    const key = STORAGE_KEYS[name];
    if (typeof key === 'string') storage.remove(key);
    else for (const tier of TIERS) storage.remove(key(tier));
  }
}
