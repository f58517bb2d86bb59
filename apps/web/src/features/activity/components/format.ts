const DATE = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
const COUNT = new Intl.NumberFormat('en-IN');

/** Upload dates in the India locale and time zone, like the rest of the member area. */
export const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : DATE.format(d);
};
export const formatCount = (n: number) => COUNT.format(n);

/** A refresh's duration: "850 ms", "42 s", "3 min 5 s"; "—" while it has not finished. */
export const formatDuration = (ms: number | null) => {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const rest = seconds % 60;
  return `${Math.floor(seconds / 60)} min${rest ? ` ${rest} s` : ''}`;
};
