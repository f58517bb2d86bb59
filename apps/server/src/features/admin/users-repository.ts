import type { AdminUserDetails, AdminUserSummary } from '@insightra/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../db/client';
import { type PageRequest, readPage } from '../../db/page';
import type { UserRow } from '../../db/schema';
import { nameSearchPattern } from '../../db/search-pattern';

type SummaryRow = Pick<
  UserRow,
  'id' | 'username' | 'full_name' | 'email' | 'role' | 'sector_id' | 'sector_name' | 'created_date'
>;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toSummary(row: SummaryRow): AdminUserSummary {
  return {
    id: row.id,
    user_id: row.id,
    username: row.username,
    full_name: row.full_name,
    fullName: row.full_name,
    email: row.email,
    role: row.role,
    sector_id: row.sector_id,
    sector_name: row.sector_name,
    created_date: iso(row.created_date),
  };
}

const SUMMARY_COLUMNS = [
  'u.id',
  'u.username',
  'u.full_name',
  'u.email',
  'u.role',
  'o.sector_id',
  's.name as sector_name',
  'u.created_date',
] as const;

/** Users with their default organisation's sector (the organisation the user pages show). */
const usersWithSector = (db: Queryable) =>
  db.kysely
    .selectFrom('users as u')
    .leftJoin('organisations as o', 'o.id', 'u.default_organisation_id')
    .leftJoin('sectors as s', 's.id', 'o.sector_id');

const nameMatches = (pattern: string) => sql<boolean>`lower(u.full_name) LIKE ${pattern} ESCAPE '\\'`;

export interface UserPage {
  users: AdminUserSummary[];
  total: number;
}

/**
 * One page of users, ordered by full name (users without one last), then id so that pages never
 * overlap. Plain `lower(full_name) LIKE` keeps it portable between PGlite and PostgreSQL (no
 * pg_trgm); at 10,000 users the scan takes a few milliseconds (docs/performance/admin.md).
 */
export async function listUsers(db: Queryable, options: PageRequest & { q?: string }): Promise<UserPage> {
  const pattern = nameSearchPattern(options.q);
  let matching = db.kysely.selectFrom('users as u');
  if (pattern) matching = matching.where(nameMatches(pattern));
  let page = usersWithSector(db);
  if (pattern) page = page.where(nameMatches(pattern));
  const { rows, total } = await readPage(
    matching.select(sql<number>`count(*)::int`.as('total')),
    page.select(SUMMARY_COLUMNS).orderBy(sql`lower(u.full_name) NULLS LAST`).orderBy('u.id'),
    options,
  );
  return { users: rows.map(toSummary), total };
}

export async function findUser(
  db: Queryable,
  id: number,
): Promise<(AdminUserDetails & { defaultOrganisationId: number | null }) | null> {
  const row = await usersWithSector(db)
    .select([...SUMMARY_COLUMNS, 'u.location', 'u.mobile_number', 'u.region', 'u.default_organisation_id'])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const organisations = await db.kysely
    .selectFrom('memberships as m')
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .select(['o.id', 'o.name', 'm.role'])
    .where('m.user_id', '=', id)
    .orderBy(sql`lower(o.name)`)
    .orderBy('o.id')
    .execute();
  return {
    ...toSummary(row),
    defaultOrganisationId: row.default_organisation_id,
    organisations,
    location: row.location,
    mobile_number: row.mobile_number,
    mobileNumber: row.mobile_number,
    region: row.region,
  };
}
