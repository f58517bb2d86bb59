import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './file-name';

describe('fileNameFrom', () => {
  it('reads the RFC 5987 name first, then the plain one, else the fallback', () => {
    expect(
      fileNameFrom(
        `attachment; filename="Grades - 12 May.pdf"; filename*=UTF-8''Grades%20%E2%80%93%2012%20May.pdf`,
        'x.pdf',
      ),
    ).toBe('Grades – 12 May.pdf');
    expect(fileNameFrom('attachment; filename="Grades \\"A\\".xlsx"', 'x')).toBe('Grades "A".xlsx');
    expect(fileNameFrom('attachment; filename=grades.csv', 'x')).toBe('grades.csv');
    expect(fileNameFrom("attachment; filename*=UTF-8''%E0%A4%A", 'fallback.png')).toBe('fallback.png');
    expect(fileNameFrom('attachment', 'fallback.png')).toBe('fallback.png');
    expect(fileNameFrom(null, 'fallback.png')).toBe('fallback.png');
  });
});
