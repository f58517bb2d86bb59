import type { Organisation } from '@insightra/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../db/client';
import { nameSearchPattern } from '../../db/search-pattern';
import { organisationsWithDetails, toOrganisation } from './organisation-repository';

/**
 * One page of organisations for administrators, by name (then id, so that pages never overlap), those
 * whose name contains `search` (case-insensitive) when it is given, and how many match in all.
 */
export async function searchOrganisations(
  db: Queryable,
  { search, limit, offset }: { search?: string | undefined; limit: number; offset: number },
): Promise<{ organisations: Organisation[]; total: number }> {
  const pattern = nameSearchPattern(search);
  const matches = sql<boolean>`lower(o.name) LIKE ${pattern} ESCAPE '\\'`;
  let count = db.kysely.selectFrom('organisations as o').select(sql<number>`count(*)::int`.as('total'));
  let page = organisationsWithDetails(db);
  if (pattern) {
    count = count.where(matches);
    page = page.where(matches);
  }
  const [counted, rows] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    page.orderBy(sql`lower(o.name)`).orderBy('o.id').limit(limit).offset(offset).execute(),
  ]);
  return { organisations: rows.map(toOrganisation), total: counted.total };
}
