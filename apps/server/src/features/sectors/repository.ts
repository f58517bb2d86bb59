import { type Sector, type SectorDeclaration, sectorDeclaration } from '@insightra/contract';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Queryable } from '../../db/client';
import type { SectorsTable } from '../../db/schema';

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

/** Sets a user's sector; false when the user no longer exists. */
export async function setUserSector(db: Queryable, userId: number, sectorId: number): Promise<boolean> {
  const result = await db.kysely
    .updateTable('users')
    .set({ sector_id: sectorId, updated_date: sql<Date>`now()` })
    .where('id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The declaration of a member's sector (Education for a member without one): it decides their upload
 * template, the table their rows go to and their reports.
 */
export async function memberDeclaration(db: Queryable, userId: number): Promise<SectorDeclaration> {
  const row = await db.kysely
    .selectFrom('users as u')
    .leftJoin('sectors as s', 's.id', 'u.sector_id')
    .select('s.name')
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return sectorDeclaration(row?.name ?? null);
}

/** Whether the member has uploads whose rows are in use (not purged). */
export async function hasActiveUploads(db: Queryable, userId: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('upload_logs')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '<>', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
