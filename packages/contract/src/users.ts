import { z } from 'zod';
import { LIMITS, ROLES } from './constants';

export const Sector = z.object({
  id: z.number().int(),
  sector_id: z.number().int(),
  name: z.string(),
  sector_name: z.string(),
  slug: z.string(),
});
export type Sector = z.infer<typeof Sector>;

export const ActiveOrganisation = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(['owner', 'editor', 'viewer']),
});
export type ActiveOrganisation = z.infer<typeof ActiveOrganisation>;

/** The user object of docs/PRODUCT.md#data-shapes, with both spellings it lists. `password` says only whether one is set. */
export const User = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  /** Whether the address was confirmed (a mailed link, Google, or a mailed invitation). */
  emailVerified: z.boolean(),
  password: z.boolean(),
  role: z.enum(ROLES),
  region: z.string().nullable(),
  location: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  mobile_number: z.string().nullable(),
  customerId: z.number().int(),
  sectorId: z.number().int().nullable(),
  sector_id: z.number().int().nullable(),
  sector: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  providers: z.array(z.string()),
  permissions: z.record(z.string(), z.union([z.boolean(), z.string(), z.number()])),
  created_date: z.string(),
  updated_date: z.string(),
  dashboardHeader: z.string(),
  dashboard_header: z.string(),
  /** The active organisation (null: none yet), and every organisation the user belongs to. */
  organisation: ActiveOrganisation.nullable(),
  organisations: z.array(ActiveOrganisation),
});
export type User = z.infer<typeof User>;

const trimmed = () => z.string().trim();

// Control characters (newlines, NUL) and bidi overrides have no place in a name shown on every page;
// zero-width joiners stay allowed because Indic scripts need them.
const NO_CONTROL = /^[^\p{Cc}\u202A-\u202E\u2066-\u2069]*$/u;

export const Username = trimmed()
  .min(LIMITS.usernameMin, `Username must be at least ${LIMITS.usernameMin} characters long`)
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters long`)
  .regex(
    /^[\p{L}\p{M}\p{N}._-]+$/u,
    'Username may contain only letters, digits, dots, dashes and underscores',
  );

export const FullName = trimmed()
  .min(1, 'Full name cannot be empty')
  .min(LIMITS.fullNameMin, 'Full name must be at least 2 characters long')
  .max(LIMITS.fullNameMax, `Full name must be at most ${LIMITS.fullNameMax} characters long`)
  .regex(NO_CONTROL, 'Full name may not contain control characters');

export const Email = trimmed().max(LIMITS.emailMax).pipe(z.email('Invalid email format'));

export const Password = z
  .string()
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters long`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters long`);
