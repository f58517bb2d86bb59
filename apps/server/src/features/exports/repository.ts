import type { Queryable } from '../../db/client';

/** A report tab as an export names it: its name, its template's UUID and its organisation's name. */
export interface ExportedTab {
  name: string;
  uuid: string;
  organisationName: string;
}

/** The organisation's report tab `reportId`; undefined when it has none of that id. */
export async function exportedTab(
  db: Queryable,
  organisationId: number,
  reportId: number,
): Promise<ExportedTab | undefined> {
  return db.kysely
    .selectFrom('reports as r')
    .innerJoin('organisations as o', 'o.id', 'r.organisation_id')
    .select(['r.report_type as name', 'r.report_uuid as uuid', 'o.name as organisationName'])
    .where('r.id', '=', reportId)
    .where('r.organisation_id', '=', organisationId)
    .executeTakeFirst();
}

/** The organisation's name; undefined when it no longer exists. */
export async function organisationName(db: Queryable, organisationId: number): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('organisations')
    .select('name')
    .where('id', '=', organisationId)
    .executeTakeFirst();
  return row?.name;
}
