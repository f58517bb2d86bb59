import { PERMISSION_ACTIONS } from '@insightra/contract';

/**
 * Profile dates in the India locale at India time (UTC+5:30), by time zone rather than by adding 5.5
 * hours to a timestamp, so the result does not depend on the browser's own zone.
 */
const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

export function formatIndiaDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : `${DATE_TIME.format(date)} IST`;
}

/** 'uploads.create' → 'Upload files' (what the permission allows); any other key 'manageOwnReports' → 'Manage own reports'. */
export function permissionLabel(key: string): string {
  const action = (PERMISSION_ACTIONS as Record<string, string | undefined>)[key];
  const words = (action ?? key)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
