import type { AdminUserSummary } from '@insightra/contract';
import { MESSAGES } from '@insightra/contract';

/** The card's name: full name, else username, else 'Unnamed User' (docs/PRODUCT.md#admin-dashboard). */
export function displayName(user: Pick<AdminUserSummary, 'full_name' | 'username'>): string {
  return user.full_name?.trim() || user.username?.trim() || MESSAGES.admin.unnamedUser;
}

/** A field of the details card, or 'NA' when empty. */
export const orNA = (value: string | number | null | undefined): string =>
  value === null || value === undefined || String(value).trim() === '' ? 'NA' : String(value);

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

export const formatCount = (n: number) => n.toLocaleString('en-IN');
