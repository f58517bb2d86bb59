import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { processCsvInWorker } from './csv-worker-client';
import type { ProcessOptions } from './row-processor';

const dir = await mkdtemp(path.join(os.tmpdir(), 'csv-worker-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const options: ProcessOptions = {
  format: 'csv',
  fileName: 'students.csv',
  rejectedPath: path.join(dir, 'rejected.csv'),
  uploadId: 1,
  organisationId: 2,
  batchBytes: 4096,
  sector: 'education',
};

const HEADER = 'student_id,student_name,gender,grade,project_submitted,score,enrolled_on\n';
const line = (i: number) => `S-${i},Name ${i},Female,Grade 9,No,${i % 100},2024-02-29\n`;

/** The CSV in chunks of `size` bytes, cut anywhere (inside lines and UTF-8 characters alike). */
async function* chunked(text: string, size: number, consumed?: { bytes: number }) {
  const bytes = Buffer.from(text);
  for (let o = 0; o < bytes.length; o += size) {
    if (consumed) consumed.bytes = o;
    yield bytes.subarray(o, o + size);
  }
}

describe('processCsvInWorker', () => {
  it('parses, validates and encodes in a worker thread, in order, whatever the chunking', async () => {
    const csv = HEADER + Array.from({ length: 3000 }, (_, i) => line(i)).join('');
    const received: Buffer[] = [];
    const stats = await processCsvInWorker(chunked(csv, 977), options, async (data) => {
      received.push(Buffer.from(data));
    });
    expect(stats).toMatchObject({ processed: 3000, accepted: 3000, hasRejected: false });
    // The rows' summary comes back with the counts.
    expect(stats.summary.find((r) => r.grouping === '')?.terms.n).toBe(3000);
    expect(received.length).toBeGreaterThan(10);
    const lines = Buffer.concat(received).toString('utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(3000);
    expect(lines[2999]).toBe('1\t2\tS-2999\tName 2999\tFemale\tGrade 9\tf\t99\t2024-02-29');
  });

  it('writes up to `writers` pieces at once, and answers once every piece is written', async () => {
    const csv = HEADER + Array.from({ length: 1000 }, (_, i) => line(i)).join('');
    const atOnce = async (writers: number) => {
      let writing = 0;
      let most = 0;
      let lines = 0;
      const stats = await processCsvInWorker(chunked(csv, 977), { ...options, writers }, async (data) => {
        most = Math.max(most, ++writing);
        // Slower than parsing: the next piece is ready before this one is written.
        await new Promise((r) => setTimeout(r, 10));
        lines += Buffer.from(data).toString('utf8').split('\n').length - 1;
        writing--;
      });
      expect(stats.accepted).toBe(1000);
      expect(lines).toBe(1000);
      return most;
    };
    expect(await atOnce(1)).toBe(1);
    expect(await atOnce(2)).toBe(2);
  });

  it('answers a file the template refuses with the 400 and message the validation gives', async () => {
    const err = await processCsvInWorker(chunked('name,grade\nA,B\n', 5), options, async () => {}).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(400);
    expect((err as HttpError).message).toMatch(/^Missing required columns: student_id, /);
  });

  it('stops reading the upload when writing to the database fails', async () => {
    const csv = HEADER + Array.from({ length: 200_000 }, (_, i) => line(i)).join('');
    const consumed = { bytes: 0 };
    const failing = processCsvInWorker(chunked(csv, 16 * 1024, consumed), options, async () => {
      throw new Error('COPY failed');
    });
    await expect(failing).rejects.toThrow('COPY failed');
    // The worker is told to stop at once; the rest of the file is never forwarded.
    await new Promise((r) => setTimeout(r, 200));
    expect(consumed.bytes).toBeLessThan(csv.length / 2);
  });

  it('refuses a row longer than 1 MB (an unclosed quote) without reading the rest', async () => {
    const sent = { bytes: 0 };
    async function* unclosed() {
      yield Buffer.from(`${HEADER}S-1,"`);
      const block = Buffer.alloc(64 * 1024, 'x');
      for (let i = 0; i < 800; i++) {
        sent.bytes += block.length;
        yield block;
      }
    }
    const err = await processCsvInWorker(unclosed(), options, async () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(400);
    expect((err as HttpError).message).toBe(
      'A row of the .csv file is longer than 1 MB: is a quote left unclosed?',
    );
    expect(sent.bytes).toBeLessThan(8 * 1024 * 1024);
  });

  it('refuses a CSV that needs more memory than the worker may use', async () => {
    // Every id is kept for the duplicate check: 300,000 of the longest allowed (64 characters) take
    // more than a worker with a 24 MB heap may hold. Long ids fill it in fewer rows than short ones.
    const longId = (i: number) => `S-${String(i).padStart(62, '0')}`;
    const csv =
      HEADER +
      Array.from({ length: 300_000 }, (_, i) => line(i).replace(`S-${i},`, `${longId(i)},`)).join('');
    const err = await processCsvInWorker(chunked(csv, 256 * 1024), options, async () => {}, 24).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).message).toBe('The .csv file needs too much memory to read');
  });
});
