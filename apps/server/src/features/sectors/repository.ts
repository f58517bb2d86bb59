import { type Sector, type SectorDeclaration, sectorDeclaration } from '@insightra/contract';
import type { Database } from '../../db/client';

interface SectorRow {
  id: number;
  name: string;
  slug: string;
}

/** Both spellings of docs/PRODUCT.md#data-shapes: id/sector_id and name/sector_name. */
const toSector = (row: SectorRow): Sector => ({
  id: row.id,
  sector_id: row.id,
  name: row.name,
  sector_name: row.name,
  slug: row.slug,
});

export async function listSectors(db: Database): Promise<Sector[]> {
  const { rows } = await db.query<SectorRow>('SELECT id, name, slug FROM sectors ORDER BY id');
  return rows.map(toSector);
}

export async function findSector(db: Database, id: number): Promise<Sector | null> {
  const { rows } = await db.query<SectorRow>('SELECT id, name, slug FROM sectors WHERE id = $1', [id]);
  return rows[0] ? toSector(rows[0]) : null;
}

/** Sets a user's sector; false when the user no longer exists. */
export async function setUserSector(db: Database, userId: number, sectorId: number): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE users SET sector_id = $2, updated_date = now() WHERE id = $1', [
    userId,
    sectorId,
  ]);
  return rowCount > 0;
}

/**
 * The declaration of a member's sector (Education for a member without one): it decides their upload
 * template, the table their rows go to and their reports.
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
export async function hasActiveUploads(db: Database, userId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM upload_logs WHERE user_id = $1 AND status <> 0 LIMIT 1', [
    userId,
  ]);
  return rows.length > 0;
}
