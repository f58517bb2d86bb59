/** Text sizing for a chart drawn without font metrics: the same estimate on the page and the server. */

/** An average glyph of the sans-serif stack, in ems (generous, so that estimated text fits). */
const GLYPH_EM = 0.58;

/** The estimated width of a text at a size. */
export function textWidth(text: string, size: number): number {
  return Array.from(text).length * size * GLYPH_EM;
}

/** A text cut with an ellipsis to fit a width. */
export function truncate(text: string, width: number, size: number): string {
  if (textWidth(text, size) <= width) return text;
  const chars = Array.from(text);
  const keep = Math.floor(width / (size * GLYPH_EM)) - 1;
  return keep < 1 ? '…' : `${chars.slice(0, keep).join('').trimEnd()}…`;
}

/** The text sizes of a chart of a size: 12 px labels at 640×360, larger for larger pictures. */
export function textSizes(size: { width: number; height: number }) {
  const text = Math.min(18, Math.max(12, Math.round(Math.min(size.width / 53, size.height / 30))));
  return {
    text,
    small: Math.max(12, text - 1),
    large: text * 2,
    title: Math.round(text * 1.35),
  };
}

/** A number rounded to a tenth, as every coordinate of a scene is. */
export function round(value: number): number {
  const rounded = Math.round(value * 10) / 10;
  return rounded === 0 ? 0 : rounded;
}

const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const YEAR_MONTH = /^(\d{4})-(\d{2})$/;

/** 'YYYY-MM' in words ('Feb 2025'); any other label as it is. */
export function monthLabel(label: string): string {
  const match = YEAR_MONTH.exec(label);
  if (!match) return label;
  return MONTH.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}
