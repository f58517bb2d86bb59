import { describe, expect, it } from 'vitest';
import { sheetNames } from './sheet-names';

describe('sheetNames', () => {
  it('drops the characters Excel refuses and keeps at most 31 characters', () => {
    expect(sheetNames(['Revenue [₹]: by model/variant?', "'Quoted'"], [])).toEqual([
      'Revenue ₹ by model variant',
      'Quoted',
    ]);
    const long = sheetNames(['Average length of stay by department and age band'], [])[0]!;
    expect(long).toBe('Average length of stay by depar');
    expect(long).toHaveLength(31);
  });

  it('makes names unique regardless of case, also against the names already taken', () => {
    expect(sheetNames(['Summary', 'Units', 'units', 'UNITS', '***'], ['Summary'])).toEqual([
      'Summary (2)',
      'Units',
      'units (2)',
      'UNITS (3)',
      'Chart 5',
    ]);
    const long = 'x'.repeat(40);
    expect(sheetNames([long, long], [])).toEqual(['x'.repeat(31), `${'x'.repeat(27)} (2)`]);
  });
});
