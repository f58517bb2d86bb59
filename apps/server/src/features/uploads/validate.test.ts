import { HOTELS, REAL_ESTATE, STUDENT_TEMPLATE } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { mapHeader, RowValidator } from './validate';

const validator = (template = REAL_ESTATE.upload) =>
  new RowValidator(
    mapHeader(
      template,
      template.columns.map((c) => c.name),
    ),
  );
const listing = (listedOn: string, extra: Partial<Record<'sold' | 'price', string>> = {}) => [
  `L-${Math.random()}`,
  'Pune',
  'Baner',
  'Flat',
  listedOn,
  extra.sold ?? '',
  extra.price ?? '100',
  '',
];

describe('row validation from a declaration', () => {
  it('reads the usual spreadsheet spellings of a date, day first, as YYYY-MM-DD', () => {
    const v = validator();
    for (const [text, iso] of [
      ['2025-06-05', '2025-06-05'],
      ['05/06/2025', '2025-06-05'],
      ['5-6-2025', '2025-06-05'],
      ['05.06.2025', '2025-06-05'],
      ['2025/6/5', '2025-06-05'],
      ['5-Jun-2025', '2025-06-05'],
      ['05 June 2025', '2025-06-05'],
      ['5 sept 2025', '2025-09-05'],
      ['29/02/2024', '2024-02-29'],
    ]) {
      expect(v.check(listing(text!)), text).toMatchObject({
        ok: true,
        values: expect.arrayContaining([iso]),
      });
    }
    for (const text of ['29/02/2025', '31-04-2025', '5-Jnu-2025', '06/2025', '2025-13-01']) {
      expect(v.check(listing(text)), text).toEqual({
        ok: false,
        error: `listed_on "${text}" is not a date (use YYYY-MM-DD or DD/MM/YYYY)`,
      });
    }
  });

  it("keeps Education's enrolled_on to YYYY-MM-DD", () => {
    const v = validator(STUDENT_TEMPLATE);
    expect(v.check(['S1', 'A', 'F', 'G', 'Yes', '', '05/06/2025'])).toEqual({
      ok: false,
      error: 'enrolled_on "05/06/2025" is not a date (use YYYY-MM-DD)',
    });
  });

  it('takes plain numbers only, whole where the column says so, and checks rules across columns', () => {
    const v = validator();
    for (const price of ['1e5', '0x10', '1,000', 'Infinity']) {
      expect(v.check(listing('2025-01-01', { price })).ok, price).toBe(false);
    }
    expect(v.check(listing('2025-01-01', { price: '+.5' })).ok).toBe(true);
    expect(v.check(listing('2025-02-01', { sold: '31/01/2025' }))).toEqual({
      ok: false,
      error: 'sold_on is before listed_on',
    });
    const hotel = validator(HOTELS.upload);
    expect(hotel.check(['2025-01-01', 'H', '10', '11', '100'])).toEqual({
      ok: false,
      error: 'rooms_sold is more than rooms_available',
    });
    expect(hotel.check(['2025-01-01', 'H', '10.5', '10', '100'])).toEqual({
      ok: false,
      error: 'rooms_available "10.5" is not a whole number',
    });
    expect(hotel.check(['2025-01-01', 'H', '10', '10', '100'])).toMatchObject({ ok: true });
    expect(hotel.check(['01/01/2025', 'H', '10', '10', '100'])).toEqual({
      ok: false,
      error: 'date, property "2025-01-01 / H" is a duplicate of an earlier row in this file',
    });
  });

  it('reads a plain number as Number() does, and nothing else as a number', () => {
    const v = validator();
    let seed = 5;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const digits = (n: number) => Array.from({ length: n }, () => '0123456789'[next(10)]).join('');
    const spellings = [
      '1e5',
      '0x10',
      '1,000',
      'Infinity',
      '.',
      '+',
      '-',
      '1.2.3',
      '٣',
      '1_000',
      '5.',
      '.5',
      '-0',
    ];
    for (let n = 0; n < 5000; n++) {
      const sign = ['', '', '+', '-'][next(4)];
      const point = next(3) ? `.${digits(next(26))}` : '';
      spellings.push(`${sign}${digits(next(20))}${point}`);
    }
    for (const price of spellings) {
      const result = v.check(listing('2025-01-01', { price }));
      const n = Number(price);
      const plain = /^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(price) && Number.isFinite(n);
      if (!plain)
        expect(result, price).toEqual({ ok: false, error: `list_price "${price}" is not a number` });
      else if (n < 0 || n > 1e12) expect(result.ok, price).toBe(false);
      else expect(result.ok && Object.is(result.values[6], n), price).toBe(true);
    }
  });
});
