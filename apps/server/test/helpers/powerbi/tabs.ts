import type { Database } from '../../../src/db/client';

/**
 * A Beta "Sales" tab of the organisation showing the Power BI report `reportUuid`. Who added it decides
 * whether Power BI may show it: an administrator's tab is assigned to the organisation, a member's own
 * typed-in one is not.
 */
export async function addSalesTab(
  db: Database,
  organisationId: number,
  reportUuid: string,
  createdBy: number | null,
): Promise<number> {
  const row = await db.kysely
    .insertInto('reports')
    .values({
      organisation_id: organisationId,
      tier: 'Beta',
      report_type: 'Sales',
      report_uuid: reportUuid,
      created_by: createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
