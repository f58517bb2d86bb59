import type { ValueFormat } from '../industries/declaration';

/** How each kind of figure reads, in the India locale (DESIGN tokens: 12,34,567 and ₹). */
const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const upToOneDecimal = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
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

/**
 * A figure as a card, tooltip, table or chart shows it: 'label' (the default) in full, 'axis' in the
 * shorter form of an axis tick or a donut's middle (₹12.3L, 75%). Percent figures are fractions (0.75
 * reads 75.0%); a missing figure (nothing to divide by) reads N/A.
 */
export function formatValue(
  value: number | null,
  format: ValueFormat,
  where: 'axis' | 'label' = 'label',
): string {
  if (value === null || !Number.isFinite(value)) return 'N/A';
  return where === 'axis' ? short(value, format) : full(value, format);
}

function full(value: number, format: ValueFormat): string {
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

function short(value: number, format: ValueFormat): string {
  switch (format) {
    case 'currency':
      return rupeesShort.format(value);
    case 'percent':
      return `${upToOneDecimal.format(value * 100)}%`;
    case 'days':
    case 'decimal':
      return upToOneDecimal.format(value);
    case 'integer':
      return whole.format(value);
  }
}
