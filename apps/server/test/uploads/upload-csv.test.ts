import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';
import { csv, injectUpload, multipartBody } from '../helpers/multipart';

// The upload's worker threads run the build, as in the product (helpers/built-workers.ts).
vi.mock('../../src/lib/worker', () => import('../helpers/built-workers'));

let t: TestApp;
let token: string;
let userId: number;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_MB: '1' });
  const user = await createUser(t.db);
  userId = user.id;
  token = await tokenFor(t.app, user);
});

const upload = (name: string, content: Buffer | string, tok = token) =>
  injectUpload(t.app, bearer(tok), name, content);

async function currentRows() {
  const { rows } = await t.db.query<{ student_id: string; student_name: string; upload_id: number }>(
    `SELECT DISTINCT ON (r.student_id) r.student_id, r.student_name, r.upload_id
       FROM dataset_rows r JOIN upload_logs u ON u.id = r.upload_id AND u.status <> 0
      WHERE r.organisation_id = (SELECT default_organisation_id FROM users WHERE id = $1) ORDER BY r.student_id, r.upload_id DESC`,
    [userId],
  );
  return rows;
}

describe('CSV uploads', () => {
  it('stores accepted rows and rejects bad ones with reasons naming column and value', async () => {
    const body = csv([
      ['S1', 'Asha', 'F', 'Grade 9', 'yes', '88.5', '2025-06-01'],
      ['S2', 'Ravi', 'male', 'Grade 9', 'N', '', ''],
      ['S3', 'Maya', 'X', 'Grade 9', 'Yes', '50', ''],
      ['S4', 'Kiran', 'M', 'Grade 9', 'maybe', '101', '2025-02-30'],
      ['S1', 'Asha again', 'F', 'Grade 9', 'Yes', '', ''],
      ['', 'No Id', 'F', 'Grade 9', 'Yes', '', ''],
    ]);
    const res = await upload('mixed.csv', body);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({
      success: true,
      totalRowsProcessed: 6,
      totalRecordsInserted: 2,
      totalRecordsFailed: 4,
      successRate: 33.33,
    });
    const rows = await t.db.query<Record<string, unknown>>(
      'SELECT * FROM dataset_rows WHERE upload_id = $1 ORDER BY student_id',
      [json.uploadId],
    );
    expect(rows.rows).toHaveLength(2);
    expect(rows.rows[0]).toMatchObject({
      student_id: 'S1',
      gender: 'Female',
      project_submitted: true,
      score: 88.5,
    });
    expect(new Date(rows.rows[0]!.enrolled_on as string).toISOString().slice(0, 10)).toBe('2025-06-01');
    expect(rows.rows[1]).toMatchObject({
      student_id: 'S2',
      gender: 'Male',
      project_submitted: false,
      score: null,
    });

    const rejected = await t.app.inject({
      url: `/api/server/uploads/${json.uploadId}/rejected`,
      headers: bearer(token),
    });
    expect(rejected.statusCode).toBe(200);
    const text = rejected.body.replace(/^\uFEFF/, '').replaceAll('""', '"');
    const lines = text.trim().split(/\r\n/);
    expect(lines[0]).toBe('student_id,student_name,gender,grade,project_submitted,score,enrolled_on,error');
    expect(lines).toHaveLength(5);
    expect(text).toContain('gender "X" is not one of Female, Male');
    expect(text).toContain('project_submitted "maybe" is not one of Yes, No');
    expect(text).toContain('score "101" is not between 0 and 100');
    expect(text).toContain('enrolled_on "2025-02-30" is not a date');
    expect(text).toContain('student_id "S1" is a duplicate of an earlier row in this file');
    expect(text).toContain('student_id is required');

    const original = await t.app.inject({
      url: `/api/server/uploads/${json.uploadId}/original`,
      headers: bearer(token),
    });
    expect(original.statusCode).toBe(200);
    expect(original.body).toBe(body);
    expect(original.headers['content-disposition']).toContain('mixed.csv');
  });

  it('keeps the CSV files compressed and gives them back byte for byte, with their sizes', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [
      `C${i}`,
      `Name ${i} नाम`,
      i % 2 ? 'Female' : 'Male',
      'Grade 10',
      i % 7 ? 'Yes' : 'maybe',
      String(i % 100),
      '2024-03-01',
    ]);
    const body = csv(rows);
    const res = await upload('compressed.csv', body);
    expect(res.json()).toMatchObject({ totalRecordsInserted: 2571, totalRecordsFailed: 429 });
    const { rows: files } = await t.db.query<{
      purpose: string;
      byte_size: number;
      stored: number;
      encoding: string;
    }>(
      `SELECT f.purpose, f.byte_size, f.content_encoding AS encoding,
              (SELECT sum(octet_length(c.data)) FROM stored_file_chunks c WHERE c.file_id = f.id)::int AS stored
         FROM stored_files f JOIN upload_logs u ON f.id IN (u.original_file_id, u.rejected_file_id)
        WHERE u.id = $1 ORDER BY f.purpose`,
      [res.json().uploadId],
    );
    expect(files.map((f) => [f.purpose, f.encoding])).toEqual([
      ['upload-original', 'gzip'],
      ['upload-rejected', 'gzip'],
    ]);
    for (const f of files) expect(f.stored).toBeLessThan(f.byte_size / 3);
    expect(files[0]!.byte_size).toBe(Buffer.byteLength(body));

    for (const kind of ['original', 'rejected'] as const) {
      const got = await t.app.inject({
        url: `/api/server/uploads/${res.json().uploadId}/${kind}`,
        headers: bearer(token),
      });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-encoding']).toBeUndefined();
      expect(Number(got.headers['content-length'])).toBe(got.rawPayload.length);
      if (kind === 'original') expect(got.rawPayload.equals(Buffer.from(body))).toBe(true);
      else expect(got.body.trim().split('\r\n')).toHaveLength(430);
    }
  });

  it('names the column and value for over-long text and non-numbers', async () => {
    const long = 'G'.repeat(21);
    const res = await upload('reasons.csv', csv([['R1', 'N', 'F', long, 'Yes', 'abc', '15/06/2025']]));
    expect(res.json()).toMatchObject({ totalRecordsInserted: 0, totalRecordsFailed: 1, successRate: 0 });
    const rejected = await t.app.inject({
      url: `/api/server/uploads/${res.json().uploadId}/rejected`,
      headers: bearer(token),
    });
    const text = rejected.body.replaceAll('""', '"');
    expect(text).toContain(`grade "${long}" is longer than 20 characters`);
    expect(text).toContain('score "abc" is not a number');
    expect(text).toContain('enrolled_on "15/06/2025" is not a date (use YYYY-MM-DD)');
  });

  it('stores text with tabs, newlines, backslashes and quotes exactly', async () => {
    const name = 'Line one\nTab\there \\N back\\slash "quoted"';
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const res = await upload('escapes.csv', csv([['Q1', quoted, 'F', 'G', 'Yes', '', '']]));
    expect(res.json()).toMatchObject({ totalRecordsInserted: 1 });
    const { rows } = await t.db.query<{ student_name: string }>(
      'SELECT student_name FROM dataset_rows WHERE upload_id = $1',
      [res.json().uploadId],
    );
    expect(rows[0]!.student_name).toBe(name);
  });

  it('matches headers case- and space-insensitively, in any order, with a BOM and semicolons', async () => {
    const body =
      '\uFEFF Student ID ;GENDER;Student Name;grade;Project Submitted\r\nH1;f;Neha;G1;y\r\nH2;M;Arjun;G1;false\r\n';
    const res = await upload('headers.csv', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalRecordsInserted: 2, totalRecordsFailed: 0, successRate: 100 });
  });

  it('rejects a file missing a required column, naming it, and stores nothing', async () => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM upload_logs');
    const res = await upload('missing.csv', 'student_id,student_name,gender,grade\nA,B,F,G\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Missing required column: project_submitted');
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM upload_logs');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('neutralises formula cells in the rejected file', async () => {
    const res = await upload(
      'formula.csv',
      csv([['=HYPERLINK("http://x")', '+cmd', 'Z', 'G', 'Yes', '', '']]),
    );
    expect(res.statusCode).toBe(200);
    const rejected = await t.app.inject({
      url: `/api/server/uploads/${res.json().uploadId}/rejected`,
      headers: bearer(token),
    });
    const line = rejected.body.trim().split(/\r\n/)[1]!;
    expect(line.startsWith(`"'=HYPERLINK(""http://x"")",'+cmd,Z,`)).toBe(true);
    for (const cell of line.split(',')) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('the same file twice never doubles the current data; purge brings the earlier row back', async () => {
    const a = await upload('v1.csv', csv([['D1', 'First', 'F', 'G', 'Yes', '', '']]));
    const b = await upload('v1.csv', csv([['D1', 'Second', 'F', 'G', 'Yes', '', '']]));
    const c = await upload('v1.csv', csv([['D1', 'Second', 'F', 'G', 'Yes', '', '']]));
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    let d1 = (await currentRows()).filter((r) => r.student_id === 'D1');
    expect(d1).toHaveLength(1);
    expect(d1[0]!.student_name).toBe('Second');
    const purge = await t.app.inject({
      method: 'DELETE',
      url: `/api/server/uploads/${b.json().uploadId},${c.json().uploadId}`,
      headers: bearer(token),
    });
    expect(purge.json()).toMatchObject({ success: true, deletedCount: 2 });
    d1 = (await currentRows()).filter((r) => r.student_id === 'D1');
    expect(d1[0]!.student_name).toBe('First');
  });

  it('answers 413 for an oversize file, by declared length and by the stream', async () => {
    const big = Buffer.alloc(1024 * 1024 + 200 * 1024, 'a');
    const res = await upload('big.csv', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than the 1 MB limit');
    // Without a usable Content-Length the multipart limit on the stream trips instead.
    const { payload, headers } = multipartBody('big.csv', Buffer.alloc(1024 * 1024 + 10, 'b'));
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/server/upload-excel',
      payload: Readable.from([payload]),
      headers: { ...headers, ...bearer(token) },
    });
    expect(streamed.statusCode).toBe(413);
  });

  it('rejects a renamed binary, a wrong extension and an empty file', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const renamed = await upload('photo.csv', png);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().message).toContain('is named as CSV but its content is not a spreadsheet');
    const zipAsCsv = await upload('book.csv', Buffer.from('504b030414000000', 'hex'));
    expect(zipAsCsv.statusCode).toBe(415);
    const txt = await upload('notes.txt', 'hello');
    expect(txt.statusCode).toBe(415);
    expect(txt.json().message).toBe('Only .xlsx, .xls and .csv files are accepted');
    const empty = await upload('empty.csv', '');
    expect(empty.statusCode).toBe(400);
    const headerOnly = await upload('header.csv', csv([]));
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().message).toContain('no data rows');
  });

  it('requires a token and the excelFile field', async () => {
    const { payload, headers } = multipartBody('a.csv', csv([]));
    const anon = await t.app.inject({ method: 'POST', url: '/api/server/upload-excel', payload, headers });
    expect(anon.statusCode).toBe(401);
    const other = multipartBody('a.csv', csv([['A', 'B', 'F', 'G', 'Yes', '', '']]), 'file');
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/server/upload-excel',
      payload: other.payload,
      headers: { ...other.headers, ...bearer(token) },
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toContain('excelFile');
  });
});

afterAll(() => {});
