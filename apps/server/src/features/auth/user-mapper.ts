import { DEFAULT_DASHBOARD_HEADER, type Role, type User } from '@insightra/contract';
import type { UserRow } from '../../db/schema';

/**
 * What each role may do. docs/PRODUCT.md shows the map only as read-only data, so the keys are ours
 * (docs/decisions/011-permissions-map.md); a user's stored overrides win over the role's defaults.
 */
export const ROLE_PERMISSIONS: Record<Role, Record<string, boolean>> = {
  member: {
    viewReports: true,
    manageOwnReports: true,
    uploadData: true,
    refreshData: true,
    manageUsers: false,
    manageAllReports: false,
  },
  admin: {
    viewReports: true,
    manageOwnReports: true,
    uploadData: true,
    refreshData: true,
    manageUsers: true,
    manageAllReports: true,
  },
};

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const iso = (value: Date | string) =>
  typeof value === 'string' && ISO_UTC.test(value)
    ? value
    : (value instanceof Date ? value : new Date(value)).toISOString();

/** The user object of docs/PRODUCT.md#data-shapes with both spellings; the password only as presence. */
export function toUser(row: UserRow): User {
  const header = row.dashboard_header || DEFAULT_DASHBOARD_HEADER;
  const providers = row.providers?.length ? row.providers : ['local'];
  return {
    id: row.id,
    user_id: row.id,
    username: row.username,
    fullName: row.full_name,
    full_name: row.full_name,
    email: row.email,
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
    permissions: { ...ROLE_PERMISSIONS[row.role], ...(row.permissions ?? {}) },
    created_date: iso(row.created_date),
    updated_date: iso(row.updated_date),
    dashboardHeader: header,
    dashboard_header: header,
  };
}
