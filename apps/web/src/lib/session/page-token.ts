import { STORAGE_KEYS } from '@insightra/contract/public';
import { storage } from '../storage';

/**
 * The session token of what this page shows. Requests carry it rather than whatever is stored at the
 * moment: another tab's switch of organisation (or sign-in) replaces the stored token first, and until
 * this page has followed, its requests stay those of the organisation it shows — the server answers
 * them 409, and nothing is written into the organisation the other tab switched to.
 */
let shown: string | null | undefined;

export const pageToken = (): string | null => (shown === undefined ? storage.get(STORAGE_KEYS.token) : shown);

/** This page now shows `token`'s session (null: signed out; undefined: none yet, the stored one). */
export function showToken(token: string | null | undefined): void {
  shown = token;
}
