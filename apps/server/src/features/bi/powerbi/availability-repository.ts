import type { Queryable } from '../../../db/client';

/**
 * Which of `uuids` are assigned to `userId` (docs/PRODUCT.md#embed-tokens, decision 074): a report row of
 * theirs that an administrator created, any report row of theirs when they are an administrator, or a
 * sector page's report an administrator configured. A tab a member typed in themselves grants nothing,
 * nor does another user's row, an administrator's included.
 */
export async function availableReportUuids(
  db: Queryable,
  userId: number,
  uuids: string[],
): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await db.kysely
    .selectFrom('reports as r')
    .innerJoin('users as owner', 'owner.id', 'r.user_id')
    .leftJoin('users as creator', 'creator.id', 'r.created_by')
    .select('r.report_uuid')
    .distinct()
    .where('r.user_id', '=', userId)
    .where('r.report_uuid', 'in', uuids)
    .where((eb) => eb.or([eb('creator.role', '=', 'admin'), eb('owner.role', '=', 'admin')]))
    .execute();
  // A sector page's report, configured by an administrator in app_settings (features/bi/routes.ts).
  const settings = await db.kysely
    .selectFrom('app_settings')
    .select('value')
    .where('key', 'like', 'sector_report_uuid:%')
    .where('value', 'in', uuids)
    .execute();
  return new Set([...rows.map((r) => r.report_uuid), ...settings.map((s) => s.value)]);
}
