import { type Sector, type SectorDeclaration, sectorDeclaration } from '@insightra/contract';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database, Queryable } from '../../db/client';
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
 * template, the table their rows go to and their reports. SQL text, not the builder, because the
 * built-in provider calls it with a handle that only runs text (docs/decisions/113-one-data-layer.md).
 */
export async function memberDeclaration(
  db: Pick<Database, 'query'>,
  userId: number,
): Promise<SectorDeclaration> {
  const { rows } = await db.query<{ name: string | null }>(
    'SELECT s.name FROM users u LEFT JOIN sectors s ON s.id = u.sector_id WHERE u.id = $1',
    [userId],
  );
  return sectorDeclaration(rows[0]?.name ?? null);
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
