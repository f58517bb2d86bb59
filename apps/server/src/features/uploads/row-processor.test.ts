import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ProcessOptions, processRows } from './row-processor';
import type { RowBatch } from './types';

const dir = await mkdtemp(path.join(os.tmpdir(), 'row-processor-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const HEADER = ['student_id', 'student_name', 'gender', 'grade', 'project_submitted', 'score', 'enrolled_on'];
const options = (batchBytes: number): ProcessOptions => ({
  format: 'csv',
  fileName: 'students.csv',
  rejectedPath: path.join(dir, `rejected-${batchBytes}.csv`),
  uploadId: 7,
  organisationId: 3,
  batchBytes,
  sector: 'education',
});

async function* batches(...groups: RowBatch[]) {
  yield* groups;
}

async function run(rows: RowBatch, batchBytes: number) {
  const pieces: Uint8Array[] = [];
  const stats = await processRows(batches([HEADER, ...rows]), options(batchBytes), async (data) => {
    pieces.push(data.slice());
  });
  return { stats, pieces, text: Buffer.concat(pieces).toString('utf8') };
}

describe('processRows', () => {
  const rows: RowBatch = Array.from({ length: 40 }, (_, i) => [
    `S-${i}`,
    `प्रिया शर्मा ${i} — 名前 🎓`,
    i % 2 ? 'Female' : 'Male',
    'Grade 9',
    'Yes',
    String(i),
    '2024-06-01',
  ]);

  it('hands on the same COPY text whatever the piece size, cutting only between lines', async () => {
    const whole = await run(rows, 1024 * 1024);
    expect(whole.pieces).toHaveLength(1);
    for (const size of [16, 100, 333]) {
      const cut = await run(rows, size);
      expect(cut.pieces.length).toBeGreaterThan(1);
      expect(cut.text).toBe(whole.text);
      for (const piece of cut.pieces) expect(Buffer.from(piece).toString('utf8').endsWith('\n')).toBe(true);
    }
    const lines = whole.text.trimEnd().split('\n');
    expect(lines).toHaveLength(40);
    expect(lines[1]).toBe('7\t3\tS-1\tप्रिया शर्मा 1 — 名前 🎓\tFemale\tGrade 9\tt\t1\t2024-06-01');
    expect(whole.stats).toMatchObject({ processed: 40, accepted: 40, hasRejected: false });
  });

  it('writes rejected rows with their reasons and counts them', async () => {
    const mixed: RowBatch = [
      ...rows.slice(0, 3),
      ['S-0', 'Again', 'Male', 'Grade 9', 'No', '1', '2024-01-01'],
    ];
    mixed.push(['S-9x', 'Bad', 'Robot', 'Grade 9', 'No', '1', '2024-01-01']);
    const { stats } = await run(mixed, 64);
    expect(stats).toMatchObject({ processed: 5, accepted: 3, hasRejected: true });
    // The summary is of the accepted rows only.
    expect(stats.summary.find((r) => r.grouping === '')?.terms).toMatchObject({ n: 3, 's:score': 3 });
    const rejected = await readFile(options(64).rejectedPath, 'utf8');
    expect(rejected).toContain('is a duplicate of an earlier row in this file');
    expect(rejected).toContain('gender ""Robot"" is not one of Female, Male');
  });

  it('stops when the database side fails, and reports the failure', async () => {
    const failing = processRows(batches([HEADER, ...rows]), options(16), async () => {
      throw new Error('COPY failed');
    });
    await expect(failing).rejects.toThrow('COPY failed');
  });

  it('answers a header-only file and an empty one with a clear message', async () => {
    await expect(processRows(batches([HEADER]), options(64), async () => {})).rejects.toThrow(
      '"students.csv" has a header but no data rows',
    );
    await expect(processRows(batches([['', '']]), options(64), async () => {})).rejects.toThrow(
      '"students.csv" has no header row',
    );
  });
});
