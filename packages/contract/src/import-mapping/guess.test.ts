import { describe, expect, it } from 'vitest';
import type { IndustrySlug } from '../constants';
import { sectorDeclaration } from '../industries';
import { type ColumnGuess, guessMapping, type SampleCell } from './guess';
import { headerKey } from './header-words';

const guess = (sector: IndustrySlug, header: string[], rows: SampleCell[][] = []) =>
  guessMapping(sectorDeclaration(sector), header, rows);
const byColumn = (columns: readonly ColumnGuess[]) => Object.fromEntries(columns.map((c) => [c.column, c]));

describe('header words', () => {
  it('ignore case, spaces, punctuation, accents, brackets, plurals, word order and abbreviations', () => {
    const same: [string, string][] = [
      ['Learner No.', 'learner_number'],
      ['Learner #', 'LEARNER NUM'],
      ['Revenue (₹)', 'revenue'],
      ['Score [%]', 'Score'],
      ['Rms Sold', 'rooms sold'],
      ['roomsSold', 'Room Sold'],
      ['StudentID', 'student_id'],
      ['Date of Sale', 'Sale Date'],
      ['Qty', 'Quantity'],
      ['Amt (INR)', 'amount'],
      ['DOB', 'Date of Birth'],
      ['Yr', 'Years'],
      ['Pct', '%'],
      ['Catégorie', 'categorie'],
      ["Father's Name", 'father name'],
      ['Enrol. Dt', 'Enrollment Date'],
    ];
    for (const [a, b] of same) expect(headerKey(a), `${a} = ${b}`).toBe(headerKey(b));
    expect(headerKey('Rooms Sold')).not.toBe(headerKey('Rooms Available'));
    expect(headerKey('(Student ID)')).toBe(headerKey('student id'));
    expect(headerKey('  ')).toBe('');
  });
});

/** Real-looking headers, each alone in a file, and the template column each must be guessed for. */
const HEADER_VARIANTS: [IndustrySlug, string, string][] = [
  ['education', 'Learner No.', 'student_id'],
  ['education', 'Roll #', 'student_id'],
  ['education', 'STUDENT_NUMBER', 'student_id'],
  ['education', 'StudentID', 'student_id'],
  ['education', 'Full Name', 'student_name'],
  ['education', 'Pupil name', 'student_name'],
  ['education', 'Sex', 'gender'],
  ['education', 'Gender (M/F)', 'gender'],
  ['education', 'Class', 'grade'],
  ['education', 'Std.', 'grade'],
  ['education', 'Project submitted (Y/N)', 'project_submitted'],
  ['education', 'Score [%]', 'score'],
  ['education', 'Marks', 'score'],
  ['education', 'Date of Enrolment', 'enrolled_on'],
  ['education', 'Enrollment Dt', 'enrolled_on'],
  ['automobile', 'Dealer Name', 'dealer'],
  ['automobile', 'Branch', 'dealer'],
  ['automobile', 'Model', 'model'],
  ['automobile', 'Trim', 'variant'],
  ['automobile', 'Fuel', 'fuel_type'],
  ['automobile', 'Qty', 'units'],
  ['automobile', 'No. of units', 'units'],
  ['automobile', 'Revenue (₹)', 'revenue'],
  ['automobile', 'Amt (INR)', 'revenue'],
  ['automobile', 'Date of Sale', 'sale_date'],
  ['automobile', 'Invoice Dt.', 'sale_date'],
  ['real-estate', 'Listing #', 'listing_id'],
  ['real-estate', 'Property Ref', 'listing_id'],
  ['real-estate', 'CITY', 'city'],
  ['real-estate', 'Neighborhood', 'locality'],
  ['real-estate', 'Property Type', 'property_type'],
  ['real-estate', 'Date Listed', 'listed_on'],
  ['real-estate', 'Sold Date', 'sold_on'],
  ['real-estate', 'Asking Price (₹ lakh)', 'list_price'],
  ['real-estate', 'Selling Price', 'sale_price'],
  ['healthcare', 'Visit #', 'visit_id'],
  ['healthcare', 'Encounter ID', 'visit_id'],
  ['healthcare', 'Visit Dt', 'visit_date'],
  ['healthcare', 'Dept', 'department'],
  ['healthcare', 'Specialty', 'department'],
  ['healthcare', 'Age Group', 'age_band'],
  ['healthcare', 'Sex', 'gender'],
  ['healthcare', 'LOS (days)', 'length_of_stay'],
  ['healthcare', 'Readmitted?', 'readmitted'],
  ['retail', 'Txn Date', 'date'],
  ['retail', 'Store Name', 'store'],
  ['retail', 'Outlet', 'store'],
  ['retail', 'Product Category', 'category'],
  ['retail', 'Qty Sold', 'units'],
  ['retail', 'Net Sales (₹)', 'revenue'],
  ['retail', 'Footfall', 'footfall'],
  ['retail', 'Walk-ins', 'footfall'],
  ['hotels', 'Hotel', 'property'],
  ['hotels', 'Rms Sold', 'rooms_sold'],
  ['hotels', 'Rms Avail', 'rooms_available'],
  ['hotels', 'Revenue (₹)', 'room_revenue'],
  ['hotels', 'Stay Date', 'date'],
  ['hotels', 'roomsSold', 'rooms_sold'],
];

describe('a header alone', () => {
  it.each(HEADER_VARIANTS)('%s: %s is %s, with high confidence', (sector, header, column) => {
    const guessed = guess(sector, [header]).columns.filter((c) => c.index === 0);
    expect(guessed).toEqual([
      { column, index: 0, confidence: 'high', reason: expect.stringContaining(`Header '${header}'`) },
    ]);
  });

  it('that holds a known name among other words is a medium guess, said so', () => {
    const { columns } = guess('hotels', ['Total Room Revenue (₹)']);
    expect(byColumn(columns).room_revenue).toEqual({
      column: 'room_revenue',
      index: 0,
      confidence: 'medium',
      reason: "Header 'Total Room Revenue (₹)' contains 'Room revenue', a name for Room revenue",
    });
  });

  it('that says nothing is not guessed by name', () => {
    const { columns } = guess('education', ['Column 3', 'Remarks', '']);
    expect(columns.every((c) => c.index === null)).toBe(true);
    expect(byColumn(columns).student_name?.reason).toBe(
      "No header matched Student name, and no column's values point to it",
    );
  });
});

describe('a whole file', () => {
  it("guesses the template's own header row, every column high", () => {
    const d = sectorDeclaration('real-estate');
    const { columns } = guessMapping(d, d.upload.columns.map((c) => c.name).reverse(), []);
    const n = d.upload.columns.length;
    expect(columns.map((c) => [c.index, c.confidence])).toEqual(
      d.upload.columns.map((_, i) => [n - 1 - i, 'high']),
    );
  });

  it('uses no file column twice: of two "Date" columns one is taken, not with high confidence', () => {
    const { columns } = guess('retail', ['Date', 'Date', 'Store'], [['2025-06-01', '2025-06-02', 'A']]);
    const date = byColumn(columns).date;
    expect(date).toEqual({
      column: 'date',
      index: 0,
      confidence: 'medium',
      reason: "Header 'Date' is a known name for Date; 'Date' matches as well",
    });
    expect(columns.filter((c) => c.index === 1)).toEqual([]);
  });

  it('lets names decide over values, and lowers a name whose values disagree', () => {
    const { columns } = guess(
      'automobile',
      ['Sale Date', 'Billing Date'],
      [
        ['soon', '01/06/2025'],
        ['later', '02/06/2025'],
      ],
    );
    expect(byColumn(columns).sale_date).toEqual({
      column: 'sale_date',
      index: 1,
      confidence: 'high',
      reason: "Header 'Billing Date' is a known name for Sale date",
    });
    const alone = byColumn(guess('automobile', ['Sale Date'], [['soon'], ['later']]).columns).sale_date;
    expect(alone).toEqual({
      column: 'sale_date',
      index: 0,
      confidence: 'low',
      reason: "Header 'Sale Date' is a known name for Sale date, but its values do not look like dates",
    });
  });

  it('guesses from values when headers say nothing, at most medium, saying why', () => {
    const rows = [
      ['V-001', '2025-06-01', 'F', '35-49', 'No', '3'],
      ['V-002', '2025-06-02', 'M', '65+', 'Yes', '0'],
      ['V-003', '2025-06-02', 'M', '18-34', 'No', '12'],
    ];
    const { columns } = guess('healthcare', ['A', 'B', 'C', 'D', 'E', 'F'], rows);
    expect(byColumn(columns)).toEqual({
      visit_id: {
        column: 'visit_id',
        index: 0,
        confidence: 'medium',
        reason: 'Values look like unique codes; no header matched',
      },
      visit_date: {
        column: 'visit_date',
        index: 1,
        confidence: 'medium',
        reason: 'Values look like dates; no header matched',
      },
      department: expect.objectContaining({ index: null }),
      age_band: {
        column: 'age_band',
        index: 3,
        confidence: 'medium',
        reason: 'Values are Age band values (35-49, 65+, 18-34); no header matched',
      },
      gender: {
        column: 'gender',
        index: 2,
        confidence: 'medium',
        reason: 'Values are Gender values (F, M); no header matched',
      },
      length_of_stay: {
        column: 'length_of_stay',
        index: 5,
        confidence: 'medium',
        reason: 'Values are numbers from 0 to 12; no header matched',
      },
      readmitted: {
        column: 'readmitted',
        index: 4,
        confidence: 'medium',
        reason: 'Values are Readmitted values (No, Yes); no header matched',
      },
    });
  });

  it('leaves a column unguessed when several columns’ values fit it equally', () => {
    const { columns } = guess('retail', ['Store', 'Day', 'X', 'Y'], [['A', '2025-06-01', '12', '40']]);
    const c = byColumn(columns);
    expect(c.units).toEqual({
      column: 'units',
      index: null,
      reason: "Values of 'X' and 'Y' each fit Units; no header matched",
    });
  });

  it('takes amounts in thousands for a money column and smaller whole numbers for a count', () => {
    const rows = [
      ['A', '2025-06-01', '12', '610', '18540'],
      ['B', '2025-06-01', '40', '455', '72150'],
    ];
    const c = byColumn(guess('retail', ['Store', 'Date', 'Qty', 'P', 'Q'], rows).columns);
    expect(c.footfall).toEqual({
      column: 'footfall',
      index: 3,
      confidence: 'low',
      reason: 'Values are numbers from 455 to 610; no header matched',
    });
    expect(c.revenue).toMatchObject({ index: 4, confidence: 'medium' });
  });

  it('makes a partial name shared by two headers a low guess', () => {
    const c = byColumn(guess('automobile', ['Wholesale Units', 'Retail Units']).columns);
    expect(c.units).toEqual({
      column: 'units',
      index: 0,
      confidence: 'low',
      reason: "Header 'Wholesale Units' contains 'Units', a name for Units; 'Retail Units' matches as well",
    });
  });

  it('reports the file’s date order and decimal mark, ambiguous only when no value tells', () => {
    const hotel = guess(
      'hotels',
      ['Hotel', 'Date', 'Revenue'],
      [
        ['Seaview', '15.06.2025', '566.400,00'],
        ['Seaview', '16.06.2025', '1.234'],
      ],
    );
    expect(hotel.dateOrder).toEqual({ order: 'day-first', ambiguous: false });
    expect(hotel.decimal).toEqual({ mark: 'comma', ambiguous: false });
    const unclear = guess('hotels', ['Hotel', 'Date', 'Revenue'], [['Seaview', '03/04/2025', '1,234']]);
    expect(unclear.dateOrder).toEqual({ order: undefined, ambiguous: true });
    expect(unclear.decimal).toEqual({ mark: undefined, ambiguous: true });
    expect(unclear.profiles.map((p) => p.shape)).toEqual(['text', 'date', 'number']);
  });

  it('reads cells a spreadsheet reader gives as numbers, booleans and dates, and only the first 1,000 rows', () => {
    const rows: SampleCell[][] = [[new Date('2025-06-15T00:00:00Z'), 12.5, true, null]];
    const { profiles } = guess('education', ['a', 'b', 'c', 'd'], rows);
    expect(profiles.map((p) => p.shape)).toEqual(['date', 'number', 'yes-no', 'empty']);
    const many = Array.from({ length: 1500 }, (_, i) => [String(i)]);
    expect(guess('education', ['n'], many).profiles[0]?.filled).toBe(1000);
  });
});
