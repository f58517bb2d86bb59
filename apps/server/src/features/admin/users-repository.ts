import type { AdminUserDetails, AdminUserSummary, Report, ReportsByTier, Tier } from '@insightra/contract';
import { TIERS } from '@insightra/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../db/client';
import { type PageRequest, readPage } from '../../db/page';
import type { UserRow } from '../../db/schema';

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

/**
 * The search term as a LIKE pattern: trimmed, lower-cased, inner runs of white space collapsed (a
 * name typed with a double space still matches), and LIKE's own wildcards escaped so that `%` or
 * `_` typed by the administrator match themselves. Null when there is nothing to search for.
 */
export function nameSearchPattern(q: string | undefined): string | null {
  const term = (q ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  if (!term) return null;
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SUMMARY_COLUMNS = [
  'u.id',
  'u.username',
  'u.full_name',
  'u.email',
  'u.role',
  'u.sector_id',
  's.name as sector_name',
  'u.created_date',
] as const;

const usersWithSector = (db: Queryable) =>
  db.kysely.selectFrom('users as u').leftJoin('sectors as s', 's.id', 'u.sector_id');

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

export async function findUser(db: Queryable, id: number): Promise<AdminUserDetails | null> {
  const row = await usersWithSector(db)
    .select([...SUMMARY_COLUMNS, 'u.location', 'u.mobile_number', 'u.region'])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...toSummary(row),
    location: row.location,
    mobile_number: row.mobile_number,
    mobileNumber: row.mobile_number,
    region: row.region,
  };
}

/** The user's reports, oldest first within each tier (the order the tabs were added). */
export async function reportsByTier(db: Queryable, userId: number): Promise<ReportsByTier> {
  const rows = await db.kysely
    .selectFrom('reports')
    .select(['id', 'tier', 'report_type', 'report_uuid'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const grouped = Object.fromEntries(TIERS.map((t) => [t, [] as Report[]])) as Record<Tier, Report[]>;
  for (const row of rows) grouped[row.tier].push(row);
  return grouped;
}

/**
 * Adds a report for the user in one statement that also checks the user exists, so a user deleted
 * meanwhile gives null (404) rather than a foreign-key error.
 */
export async function insertReport(
  db: Queryable,
  report: { userId: number; tier: Tier; report_type: string; report_uuid: string; createdBy: number },
): Promise<Report | null> {
  const row = await db.kysely
    .insertInto('reports')
    .columns(['user_id', 'tier', 'report_type', 'report_uuid', 'created_by'])
    .expression((eb) =>
      eb
        .selectFrom('users as u')
        .select((s) => [
          'u.id',
          s.val(report.tier).as('tier'),
          s.val(report.report_type).as('report_type'),
          s.val(report.report_uuid).as('report_uuid'),
          s.val(report.createdBy).as('created_by'),
        ])
        .where('u.id', '=', report.userId),
    )
    .returning(['id', 'tier', 'report_type', 'report_uuid'])
    .executeTakeFirst();
  return row ?? null;
}
