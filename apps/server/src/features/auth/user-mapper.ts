import { DEFAULT_DASHBOARD_HEADER, permissionsOf, type User } from '@insightra/contract';
import type { UserRow } from '../../db/schema';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const iso = (value: Date | string) =>
  typeof value === 'string' && ISO_UTC.test(value)
    ? value
    : (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The user object of docs/PRODUCT.md#data-shapes with both spellings; the password only as presence. The
 * sector, customer number and permissions are the active organisation's: the permissions are exactly
 * what the server enforces for the user's role there (contract organisations.ts ROLE_GRANTS).
 */
export function toUser(row: UserRow): User {
  const header = row.dashboard_header || DEFAULT_DASHBOARD_HEADER;
  const providers = row.providers?.length ? row.providers : ['local'];
  const organisation =
    row.organisation_id !== null && row.organisation_name && row.organisation_role
      ? { id: row.organisation_id, name: row.organisation_name, role: row.organisation_role }
      : null;
  return {
    id: row.id,
    user_id: row.id,
    username: row.username,
    fullName: row.full_name,
    full_name: row.full_name,
    email: row.email,
    emailVerified: row.email_verified,
    password: row.has_password,
    role: row.role,
    region: row.region,
    location: row.location,
    mobileNumber: row.mobile_number,
    mobile_number: row.mobile_number,
    customerId: row.customer_id ?? 0,
    sectorId: row.sector_id,
    sector_id: row.sector_id,
    sector: row.sector_id !== null && row.sector_name ? { id: row.sector_id, name: row.sector_name } : null,
    providers,
    permissions: permissionsOf(organisation?.role ?? null),
    created_date: iso(row.created_date),
    updated_date: iso(row.updated_date),
    dashboardHeader: header,
    dashboard_header: header,
    organisation,
    organisations: row.organisations ?? [],
  };
}
