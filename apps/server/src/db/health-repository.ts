import { sql } from 'kysely';
import type { Queryable } from './client';

/** One round trip that touches no table: whether the database answers at all. */
export async function ping(db: Queryable): Promise<void> {
  await sql`SELECT 1`.execute(db.kysely);
}
