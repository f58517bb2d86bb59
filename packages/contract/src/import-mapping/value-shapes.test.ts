import { describe, expect, it } from 'vitest';
import { dateSpelling, parseNumber, profileColumn, readDateOrder, readDecimalMark } from './value-shapes';

describe('dates', () => {
  it('tells a spelling that fixes the order from one that proves it and one that leaves it open', () => {
    expect(dateSpelling('2025-06-15')).toBe('fixed');
    expect(dateSpelling('2025-06-15T10:30:00Z')).toBe('fixed');
    expect(dateSpelling('2025/06/15')).toBe('fixed');
    expect(dateSpelling('5-Jun-2025')).toBe('fixed');
    expect(dateSpelling('5 June 2025')).toBe('fixed');
    expect(dateSpelling('Jun 5, 2025')).toBe('fixed');
    expect(dateSpelling('15/06/2025')).toBe('day-first');
    expect(dateSpelling('15.06.2025')).toBe('day-first');
    expect(dateSpelling('15-06-25')).toBe('day-first');
    expect(dateSpelling('6/15/2025 10:32:11')).toBe('month-first');
    expect(dateSpelling('03/04/2025')).toBe('either');
    for (const no of ['13/13/2025', '2025-13-01', '5 Foo 2025', '12345', 'Grade 10', '18-34', '']) {
      expect(dateSpelling(no), no).toBeUndefined();
    }
  });

  it('reads day-first when a day is above 12 and no value reads only month-first', () => {
    expect(readDateOrder(['03/04/2025', '15/04/2025', ''])).toEqual({ order: 'day-first', ambiguous: false });
  });

  it('reads month-first when a second number is above 12', () => {
    expect(readDateOrder(['04/03/2025', '04/15/2025'])).toEqual({ order: 'month-first', ambiguous: false });
  });

  it('is ambiguous when every day is 12 or less', () => {
    expect(readDateOrder(['03/04/2025', '01/02/2025', '12/11/2024'])).toEqual({
      order: undefined,
      ambiguous: true,
    });
  });

  it('is ambiguous when values prove both orders', () => {
    expect(readDateOrder(['15/04/2025', '04/15/2025'])).toEqual({ order: undefined, ambiguous: true });
  });

  it('needs no order when every date is ISO or names its month', () => {
    expect(readDateOrder(['2025-03-04', '4 Mar 2025'])).toEqual({ order: undefined, ambiguous: false });
  });
});

describe('decimal marks', () => {
  it('reads a point or a comma when a value proves it', () => {
    expect(readDecimalMark(['1,234.50'])).toEqual({ mark: 'point', ambiguous: false });
    expect(readDecimalMark(['1.234,50'])).toEqual({ mark: 'comma', ambiguous: false });
    expect(readDecimalMark(['12,5', '7'])).toEqual({ mark: 'comma', ambiguous: false });
    expect(readDecimalMark(['12.5'])).toEqual({ mark: 'point', ambiguous: false });
    expect(readDecimalMark(['1,85,400.00', '28,50,000'])).toEqual({ mark: 'point', ambiguous: false });
    expect(readDecimalMark(['1.234.567'])).toEqual({ mark: 'comma', ambiguous: false });
    expect(readDecimalMark(['0,125'])).toEqual({ mark: 'comma', ambiguous: false });
  });

  it('is ambiguous for values like 1,234 alone, and settled by one value that tells', () => {
    expect(readDecimalMark(['1,234'])).toEqual({ mark: undefined, ambiguous: true });
    expect(readDecimalMark(['1.234', '5.678'])).toEqual({ mark: undefined, ambiguous: true });
    expect(readDecimalMark(['1,234', '99.50'])).toEqual({ mark: 'point', ambiguous: false });
    expect(readDecimalMark(['1.234', '99,5'])).toEqual({ mark: 'comma', ambiguous: false });
  });

  it('is ambiguous when values prove both marks, and needs none for whole numbers', () => {
    expect(readDecimalMark(['1,234.50', '1.234,50'])).toEqual({ mark: undefined, ambiguous: true });
    expect(readDecimalMark(['1234', '56', 'n/a'])).toEqual({ mark: undefined, ambiguous: false });
  });

  it('parses with the mark given, currency and percent signs and spaces aside', () => {
    expect(parseNumber('1.234,50', 'comma')).toBe(1234.5);
    expect(parseNumber('1.234,50', 'point')).toBeUndefined();
    expect(parseNumber('₹ 1,23,456.75', 'point')).toBe(123456.75);
    expect(parseNumber('Rs. 2,500', 'point')).toBe(2500);
    expect(parseNumber('1 234,5', 'comma')).toBe(1234.5);
    expect(parseNumber('-12.5%', 'point')).toBe(-12.5);
    expect(parseNumber('1,234', 'comma')).toBe(1.234);
    expect(parseNumber('1,2,3', 'point')).toBeUndefined();
    expect(parseNumber('12,34', 'point')).toBeUndefined();
    expect(parseNumber('abc', 'point')).toBeUndefined();
  });
});

describe('column shapes', () => {
  const shape = (values: string[]) => profileColumn(values).shape;

  it('classifies Yes/No, M/F, codes, numbers, dates and text', () => {
    expect(shape(['Yes', 'no', 'Y', ''])).toBe('yes-no');
    expect(shape(['true', 'false'])).toBe('yes-no');
    expect(shape(['M', 'F', 'f'])).toBe('gender');
    expect(shape(['Male', 'Female'])).toBe('gender');
    expect(shape(['STU-0001', 'STU-0002', 'STU-0003'])).toBe('identifier');
    expect(shape(['00417', '00418', '00420'])).toBe('identifier');
    expect(shape(['142', '38.5', '1,200'])).toBe('number');
    expect(shape(['15/06/2025', '16/06/2025'])).toBe('date');
    expect(shape(['Aarav Sharma', 'Diya Patel', 'Kabir Singh'])).toBe('text');
    expect(shape(['STU-1', 'STU-1', 'STU-2'])).toBe('text');
    expect(shape(['', ' '])).toBe('empty');
  });

  it('reads spreadsheet day numbers within ten years as dates, other numbers as numbers', () => {
    const serials = profileColumn(['45823', '45823', '45824']);
    expect(serials.shape).toBe('date');
    expect(serials.dates?.serial).toBe(true);
    expect(profileColumn(['45823', '185400', '12']).shape).toBe('number');
  });

  it("reports a column's numbers: mark, whole or not, range and median", () => {
    expect(profileColumn(['5.900,00', '131.765,50', '12']).numbers).toEqual({
      mark: 'comma',
      ambiguous: false,
      integers: false,
      min: 12,
      max: 131765.5,
      median: 5900,
    });
  });
});
