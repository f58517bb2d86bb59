import { describe, expect, it } from 'vitest';
import { sectorDeclaration } from '../industries';
import { guessMapping } from './guess';
import { HELD_OUT_EXPORTS } from './held-out-exports.fixture';

/** Every template column of every held-out export: guessed as a person would map it, or not. */
const outcomes = HELD_OUT_EXPORTS.flatMap((file) => {
  const declaration = sectorDeclaration(file.sector);
  const { columns } = guessMapping(declaration, file.header, file.rows);
  return columns.map((guess) => {
    const expected = file.expected[guess.column];
    return {
      where: `${file.source}: ${guess.column}`,
      right: guess.index === expected,
      confidence: guess.confidence,
      got: guess.index === null ? 'none' : file.header[guess.index],
      expected: expected === null || expected === undefined ? 'none' : file.header[expected],
    };
  });
});

describe('guesses on exports the synonym lists were not written from', () => {
  it('cover at least 8 files and every sector, each expectation naming every template column', () => {
    expect(HELD_OUT_EXPORTS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(HELD_OUT_EXPORTS.map((f) => f.sector)).size).toBe(6);
    for (const file of HELD_OUT_EXPORTS) {
      const names = sectorDeclaration(file.sector).upload.columns.map((c) => c.name);
      expect(Object.keys(file.expected).sort(), file.source).toEqual([...names].sort());
      for (const row of file.rows) expect(row.length, file.source).toBe(file.header.length);
    }
  });

  it('get at least 9 of 10 template columns right', () => {
    const right = outcomes.filter((o) => o.right).length;
    const wrong = outcomes.filter((o) => !o.right);
    expect(right / outcomes.length, JSON.stringify(wrong, null, 1)).toBeGreaterThanOrEqual(0.9);
  });

  it('never make a wrong guess with high confidence', () => {
    expect(outcomes.filter((o) => !o.right && o.confidence === 'high')).toEqual([]);
  });
});
