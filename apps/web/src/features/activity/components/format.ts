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
