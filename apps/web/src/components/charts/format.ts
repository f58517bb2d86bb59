/** Figures in the India locale (12,34,567), as docs/PRODUCT.md#visual-design asks for every chart and card. */
const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function formatNumber(value: number): string {
  return whole.format(value);
}

/** `part` as a percentage of `whole`, rounded to one decimal; null when `whole` is 0 (no share exists). */
export function percentOf(part: number, total: number): number | null {
  if (!Number.isFinite(part) || !Number.isFinite(total) || total === 0) return null;
  return Math.round((part / total) * 1000) / 10;
}

/** A percentage with one decimal ('78.4%'); `empty` when there is none. */
export function formatPercent(value: number | null, empty = 'N/A'): string {
  return value === null ? empty : `${oneDecimal.format(value)}%`;
}

/** A table cell's text for a value: formatted, or 'N/A' when there is none (no value, or nothing to divide by). */
export function cellText(
  value: number | null | undefined,
  format: (value: number) => string = formatNumber,
): string {
  return value === null || value === undefined || !Number.isFinite(value) ? 'N/A' : format(value);
}
