import { describe, expect, it } from 'vitest';
import type { ValueFormat } from '../industries/declaration';
import { formatValue } from './format';

describe('formatValue', () => {
  it.each<[ValueFormat, number, string]>([
    ['integer', 1_234_567, '12,34,567'],
    ['decimal', 3.5, '3.5'],
    ['currency', 590_000, '₹5,90,000'],
    ['percent', 0.784, '78.4%'],
    ['days', 42.5, '42.5 days'],
    ['decimal', 10, '10.0'],
    ['currency', 10, '₹10'],
    ['percent', 10, '1,000.0%'],
    ['days', 10, '10.0 days'],
  ])('writes a %s figure in full on cards, tables and tooltips', (format, value, text) => {
    expect(formatValue(value, format)).toBe(text);
    expect(formatValue(value, format, 'label')).toBe(text);
  });

  it.each<[ValueFormat, number, string]>([
    ['currency', 1_230_000, '₹12.3L'],
    ['currency', 25_000_000, '₹2.5Cr'],
    ['percent', 0.75, '75%'],
    ['percent', 0.125, '12.5%'],
    ['integer', 1_500_000, '15,00,000'],
    ['days', 2.25, '2.3'],
    ['decimal', 4, '4'],
  ])('writes a %s figure shorter on an axis', (format, value, text) => {
    expect(formatValue(value, format, 'axis')).toBe(text);
  });

  it('reads N/A where there is no figure (nothing to divide by)', () => {
    expect(formatValue(null, 'percent')).toBe('N/A');
    expect(formatValue(null, 'currency', 'axis')).toBe('N/A');
    expect(formatValue(Number.NaN, 'integer')).toBe('N/A');
  });
});
