import { afterAll, describe, expect, it, vi } from 'vitest';
import { migrate, readMigrations } from '../../src/db/migrate';
import { createTestDatabase } from '../helpers/database';

const testDb = await createTestDatabase();
const { db } = testDb;
afterAll(() => testDb.drop());

describe('migrate', () => {
  it('answers a current database with one read: no transaction, no lock', async () => {
    const transaction = vi.spyOn(db, 'transaction');
    const query = vi.spyOn(db, 'query');
    try {
      expect(await migrate(db)).toEqual([]);
      expect(transaction).not.toHaveBeenCalled();
      expect(query.mock.calls.map(([text]) => text)).toEqual(['SELECT version FROM schema_migrations']);
    } finally {
      transaction.mockRestore();
      query.mockRestore();
    }
  });

  it('applies a migration not yet recorded, once', async () => {
    const extra = { version: '9999_probe', sql: 'CREATE TABLE migrate_probe (id int)' };
    const migrations = [...readMigrations(), extra];
    expect(await migrate(db, migrations)).toEqual(['9999_probe']);
    expect(await migrate(db, migrations)).toEqual([]);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM migrate_probe');
    expect(rows).toEqual([{ n: 0 }]);
  });
});
