import { sql } from 'kysely';
import type { Queryable } from '../../db/client';

/**
 * What the organisation's uploads store: the bytes of its uploads not purged, and of those in progress;
 * with its name. Undefined when the organisation does not exist.
 */
export async function organisationStorage(db: Queryable, organisationId: number) {
  return db.kysely
    .selectFrom('organisations as o')
    .select((eb) => [
      'o.name',
      sql<number>`(${eb
        .selectFrom('upload_logs as l')
        .select(sql<number>`coalesce(sum(l.byte_size), 0)`.as('n'))
        .where('l.organisation_id', '=', organisationId)
        .where('l.status', '<>', 0)}) + (${eb
        .selectFrom('pending_uploads as p')
        .select(sql<number>`coalesce(sum(p.byte_size), 0)`.as('n'))
        .where('p.organisation_id', '=', organisationId)})`.as('used_bytes'),
    ])
    .where('o.id', '=', organisationId)
    .executeTakeFirst();
}
