import type { AdminUserDetails, AdminUserSummary, Report, ReportsByTier, Tier } from '@insightra/contract';
import { TIERS } from '@insightra/contract';
import type { Database } from '../../db/client';

interface UserRow {
  id: number;
  username: string;
  full_name: string | null;
  email: string | null;
  role: 'member' | 'admin';
  sector_id: number | null;
  sector_name: string | null;
  created_date: Date | string;
}

interface UserDetailsRow extends UserRow {
  location: string | null;
  mobile_number: string | null;
  region: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toSummary(row: UserRow): AdminUserSummary {
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

const USER_COLUMNS = `u.id, u.username, u.full_name, u.email, u.role, u.sector_id, s.name AS sector_name, u.created_date`;

export interface UserPage {
  users: AdminUserSummary[];
  total: number;
}

/**
 * One page of users, ordered by full name (users without one last), then id so that pages never
 * overlap. Plain `lower(full_name) LIKE` keeps it portable between PGlite and PostgreSQL (no
 * pg_trgm); at 10,000 users the scan takes a few milliseconds (docs/performance/admin.md).
 */
export async function listUsers(
  db: Database,
  options: { q?: string; page: number; pageSize: number },
): Promise<UserPage> {
  const pattern = nameSearchPattern(options.q);
  const where = pattern ? `WHERE lower(u.full_name) LIKE $1 ESCAPE '\\'` : '';
  const params: unknown[] = pattern ? [pattern] : [];
  const offset = (options.page - 1) * options.pageSize;
  const [countResult, rowsResult] = await Promise.all([
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${where}`, params),
    db.query<UserRow>(
      `SELECT ${USER_COLUMNS}
         FROM users u LEFT JOIN sectors s ON s.id = u.sector_id
         ${where}
        ORDER BY lower(u.full_name) NULLS LAST, u.id
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, options.pageSize, offset],
    ),
  ]);
  return { users: rowsResult.rows.map(toSummary), total: countResult.rows[0]?.total ?? 0 };
}

export async function findUser(db: Database, id: number): Promise<AdminUserDetails | null> {
  const { rows } = await db.query<UserDetailsRow>(
    `SELECT ${USER_COLUMNS}, u.location, u.mobile_number, u.region
       FROM users u LEFT JOIN sectors s ON s.id = u.sector_id
      WHERE u.id = $1`,
    [id],
  );
  const row = rows[0];
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
export async function reportsByTier(db: Database, userId: number): Promise<ReportsByTier> {
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
  db: Database,
  report: { userId: number; tier: Tier; report_type: string; report_uuid: string; createdBy: number },
): Promise<Report | null> {
  const { rows } = await db.query<Report>(
    `INSERT INTO reports (user_id, tier, report_type, report_uuid, created_by)
     SELECT u.id, $2, $3, $4, $5 FROM users u WHERE u.id = $1
     RETURNING id, tier, report_type, report_uuid`,
    [report.userId, report.tier, report.report_type, report.report_uuid, report.createdBy],
  );
  return rows[0] ?? null;
}
