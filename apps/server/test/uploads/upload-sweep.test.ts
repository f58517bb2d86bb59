import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';
import { until } from '../helpers/http-upload';

describe('the sweep of unfinished uploads', () => {
  it('removes only those whose lease expired, with their rows and files; a live lease is left alone', {
    timeout: 60_000,
  }, async () => {
    // Sweeps every second.
    const t = await createTestApp({ UPLOAD_LEASE_S: '1' });
    const user = await createUser(t.db);
    // Written as its owner writes it, under a live lease: a sweep must not take the upload before its
    // rows and files are all there. Its lease is set to `leaseSeconds` from now only then.
    const pending = async (owner: string, leaseSeconds: number, count: number) => {
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO pending_uploads (organisation_id, user_id, file_name, lease_owner, lease_expires_at)
         SELECT default_organisation_id, id, 'elsewhere.csv', $2, now() + interval '10 minutes' FROM users
          WHERE id = $1 RETURNING id`,
        [user.id, owner],
      );
      const id = rows[0]!.id;
      await t.db.query(
        `INSERT INTO dataset_rows (upload_id, organisation_id, student_id, student_name, gender, grade, project_submitted)
         SELECT $1, (SELECT default_organisation_id FROM users WHERE id = $2), 'S' || g, 'Student', 'Female', 'Grade 1', true FROM generate_series(1, $3::int) g`,
        [id, user.id, count],
      );
      const file = await t.db.query<{ id: number }>(
        `INSERT INTO stored_files (owner_id, purpose, file_name, content_type)
         VALUES ($1, 'upload-original', 'elsewhere.csv', 'text/csv') RETURNING id`,
        [user.id],
      );
      await t.db.query(`INSERT INTO stored_file_chunks (file_id, seq, data) VALUES ($1, 0, 'abc')`, [
        file.rows[0]!.id,
      ]);
      await t.db.query(
        `UPDATE pending_uploads SET original_file_id = $2, lease_expires_at = now() + $3 * interval '1 second'
          WHERE id = $1`,
        [id, file.rows[0]!.id, leaseSeconds],
      );
      return id;
    };
    // Another host's instances: one whose lease ran out (it died), one renewing (alive, lease 60 s). The
    // dead one's rows are more than one piece of a sweep's removal (20,000 rows).
    const dead = await pending('another-host:4242:abcdef01', -5, 25_000);
    const live = await pending('another-host:4343:abcdef02', 60, 1000);
    const rowsOf = async (id: number) =>
      (
        await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dataset_rows WHERE upload_id = $1', [
          id,
        ])
      ).rows[0]!.n;
    // A sweep removes the rows in pieces, then the pending row and its files in one transaction.
    const isPending = async (id: number) =>
      (await t.db.query('SELECT 1 FROM pending_uploads WHERE id = $1', [id])).rows.length > 0;
    await until(async () => !(await isPending(dead)));
    expect(await rowsOf(dead)).toBe(0);
    const left = await t.db.query<{ id: number }>('SELECT id FROM pending_uploads ORDER BY id');
    expect(left.rows.map((r) => r.id)).toEqual([live]);
    expect(await rowsOf(live)).toBe(1000);
    const files = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stored_files');
    expect(files.rows[0]!.n).toBe(1);
    // Neither was ever visible to the member.
    const activity = await t.app.inject({
      url: '/api/server/activity',
      headers: bearer(await tokenFor(t.app, user)),
    });
    expect(activity.json().data).toEqual([]);
    // The live one is swept too once its lease runs out.
    await t.db.query("UPDATE pending_uploads SET lease_expires_at = now() - interval '1 second'");
    await until(async () => !(await isPending(live)));
    expect(await rowsOf(live)).toBe(0);
    const none = await t.db.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM pending_uploads) + (SELECT count(*) FROM stored_files) AS n',
    );
    expect(Number(none.rows[0]!.n)).toBe(0);
  });
});
