import type { ValueFormat } from '@insightra/contract';

/** How each kind of figure reads, in the India locale (DESIGN tokens: 12,34,567 and ₹). */
const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const rupeesShort = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumSignificantDigits: 3,
});
const percentTick = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** A figure as a card, tooltip or table shows it; percent figures are fractions (0.75 reads 75.0%). */
export function formatValue(format: ValueFormat, value: number): string {
  switch (format) {
    case 'integer':
      return whole.format(value);
    case 'decimal':
      return oneDecimal.format(value);
    case 'currency':
      return rupees.format(value);
    case 'percent':
      return `${oneDecimal.format(value * 100)}%`;
    case 'days':
      return `${oneDecimal.format(value)} days`;
  }
}

/** The shorter form for an axis tick or a donut's middle (₹12.3L, 75%). */
export function formatShort(format: ValueFormat, value: number): string {
  switch (format) {
    case 'currency':
      return rupeesShort.format(value);
    case 'percent':
      return `${percentTick.format(value * 100)}%`;
    case 'days':
    case 'decimal':
      return percentTick.format(value);
    case 'integer':
      return whole.format(value);
  }
}

/** A card's or cell's text: the figure, or 'N/A' when there is none (nothing to divide by). */
export function valueText(format: ValueFormat, value: number | null): string {
  return value === null || !Number.isFinite(value) ? 'N/A' : formatValue(format, value);
}
