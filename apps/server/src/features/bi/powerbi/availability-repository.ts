import type { Queryable } from '../../../db/client';

/** The effective identity (USERNAME() in the model's DAX) of an organisation's embed tokens. */
export const powerBiIdentity = (organisationId: number) => `org:${organisationId}`;

/**
 * Which of `uuids` the viewer's organisation may open (docs/PRODUCT.md#embed-tokens, decision 074): a
 * report row of the organisation that an administrator created, any of its rows when an administrator
 * asks, or a sector page's report an administrator configured. A tab a member typed in themselves grants
 * nothing, nor does another organisation's row.
 */
export async function availableReportUuids(
  db: Queryable,
  viewer: { organisationId: number; admin: boolean },
  uuids: string[],
): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  let query = db.kysely
    .selectFrom('reports as r')
    .leftJoin('users as creator', 'creator.id', 'r.created_by')
    .select('r.report_uuid')
    .distinct()
    .where('r.organisation_id', '=', viewer.organisationId)
    .where('r.report_uuid', 'in', uuids);
  if (!viewer.admin) query = query.where('creator.role', '=', 'admin');
  const rows = await query.execute();
  // A sector page's report, configured by an administrator in app_settings (features/bi/routes.ts).
  const settings = await db.kysely
    .selectFrom('app_settings')
    .select('value')
    .where('key', 'like', 'sector_report_uuid:%')
    .where('value', 'in', uuids)
    .execute();
  return new Set([...rows.map((r) => r.report_uuid), ...settings.map((s) => s.value)]);
}
