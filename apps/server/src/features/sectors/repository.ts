import {
  type IndustrySlug,
  type Sector,
  type SectorDeclaration,
  sectorDeclaration,
  sectorOverview,
} from '@insightra/contract';
import type { Selectable } from 'kysely';
import type { Queryable } from '../../db/client';
import type { SectorsTable } from '../../db/schema';
import { readSetting } from '../../lib/app-settings-repository';

type SectorsTableRow = Selectable<SectorsTable>;

type SectorRow = Pick<SectorsTableRow, 'id' | 'name' | 'slug'>;

/** Both spellings of docs/PRODUCT.md#data-shapes: id/sector_id and name/sector_name. */
const toSector = (row: SectorRow): Sector => ({
  id: row.id,
  sector_id: row.id,
  name: row.name,
  sector_name: row.name,
  slug: row.slug,
});

export async function listSectors(db: Queryable): Promise<Sector[]> {
  const rows = await db.kysely.selectFrom('sectors').select(['id', 'name', 'slug']).orderBy('id').execute();
  return rows.map(toSector);
}

export async function findSector(db: Queryable, id: number): Promise<Sector | null> {
  const row = await db.kysely
    .selectFrom('sectors')
    .select(['id', 'name', 'slug'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toSector(row) : null;
}

/** Sets an organisation's sector; false when it no longer exists. */
export async function setOrganisationSector(
  db: Queryable,
  organisationId: number,
  sectorId: number,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('organisations')
    .set({ sector_id: sectorId })
    .where('id', '=', organisationId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The declaration of an organisation's sector (Education for one without a sector, or no organisation):
 * it decides the upload template, the table the rows go to and the reports.
 */
export async function organisationDeclaration(
  db: Queryable,
  organisationId: number | null,
): Promise<SectorDeclaration> {
  if (organisationId === null) return sectorDeclaration(null);
  const row = await db.kysely
    .selectFrom('organisations as o')
    .leftJoin('sectors as s', 's.id', 'o.sector_id')
    .select('s.name')
    .where('o.id', '=', organisationId)
    .executeTakeFirst();
  return sectorDeclaration(row?.name ?? null);
}

/** Whether the organisation has uploads whose rows are in use (not purged). */
export async function hasActiveUploads(db: Queryable, organisationId: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('upload_logs')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('status', '<>', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** app_settings key under which an administrator may configure a sector page's report UUID. */
const sectorReportSettingKey = (slug: IndustrySlug) => `sector_report_uuid:${slug}`;

/** The report a sector page shows: the one an administrator configured for it, else the sector's overview. */
export async function sectorPageReportUuid(db: Queryable, slug: IndustrySlug): Promise<string> {
  const configured = await readSetting(db, sectorReportSettingKey(slug));
  return configured ?? sectorOverview(sectorDeclaration(slug)).uuid;
}
