import type { Database } from '../../db/client';
import type { ScopedOrganisation } from './scope';

/**
 * The caller's role in an organisation, with its name: a member's role, an administrator's 'editor' where
 * they are not a member (the consultancy's staff work in any organisation). Null when the organisation
 * does not exist or the caller may not work there.
 */
export async function roleIn(
  db: Database,
  userId: number,
  userRole: 'member' | 'admin',
  organisationId: number,
): Promise<ScopedOrganisation | null> {
  const row = await db.kysely
    .selectFrom('organisations as o')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.organisation_id', '=', 'o.id').on('m.user_id', '=', userId),
    )
    .select(['o.id', 'o.name', 'm.role'])
    .where('o.id', '=', organisationId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.role) return { id: row.id, name: row.name, role: row.role };
  return userRole === 'admin' ? { id: row.id, name: row.name, role: 'editor' } : null;
}
