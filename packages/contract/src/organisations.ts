import { z } from 'zod';
import { ReportsByTier } from './admin';
import { LIMITS } from './constants';
import { defineRoute, IntId, SuccessMessage } from './http';
import { NewReport, Report } from './reports';
import { Email, User } from './users';

/*
 * Organisations (docs/PRODUCT.md, "Organisations"): a client is an organisation of several people,
 * each with one role in it. What a role may do is the permissions map below; the server checks the
 * route's permission (RouteDef.permission) for every call, and the user object carries the same map.
 */

export const ORGANISATION_ROLES = ['owner', 'editor', 'viewer'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

export const PERMISSIONS = [
  'reports.view',
  'uploads.download',
  'reports.manage',
  'uploads.create',
  'uploads.purge',
  'refresh.start',
  'sector.change',
  'members.manage',
  'organisation.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ: Permission[] = ['reports.view', 'uploads.download'];
const EDIT: Permission[] = ['reports.manage', 'uploads.create', 'uploads.purge', 'refresh.start'];
const OWN: Permission[] = ['sector.change', 'members.manage', 'organisation.manage'];

/** What each role may do in its organisation. */
export const ROLE_GRANTS: Record<OrganisationRole, readonly Permission[]> = {
  owner: [...READ, ...EDIT, ...OWN],
  editor: [...READ, ...EDIT],
  viewer: READ,
};

/** The user object's `permissions`: every permission, true where the role grants it. */
export function permissionsOf(role: OrganisationRole | null): Record<Permission, boolean> {
  const granted = new Set(role ? ROLE_GRANTS[role] : []);
  return Object.fromEntries(PERMISSIONS.map((p) => [p, granted.has(p)])) as Record<Permission, boolean>;
}

export const roleGrants = (role: OrganisationRole | null, permission: Permission) =>
  role !== null && ROLE_GRANTS[role].includes(permission);

/** The action a permission allows, as the 403 names it ("Viewers cannot upload files in Acme School"). */
export const PERMISSION_ACTIONS: Record<Permission, string> = {
  'reports.view': 'view reports',
  'uploads.download': 'download uploaded files',
  'reports.manage': 'add or delete report tabs',
  'uploads.create': 'upload files',
  'uploads.purge': 'delete uploads',
  'refresh.start': 'refresh report data',
  'sector.change': 'change the sector',
  'members.manage': 'manage members and invitations',
  'organisation.manage': 'rename the organisation',
};

const ROLE_PLURALS: Record<OrganisationRole, string> = {
  owner: 'Owners',
  editor: 'Editors',
  viewer: 'Viewers',
};

export const ORGANISATION_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  /** Organisations one user may create. */
  createdPerUser: 20,
  pendingInvitations: 50,
  invitationsPerOwnerPerHour: 20,
  invitationsPerOrganisationPerDay: 100,
  /** Invitations sent in any hour by everyone on the server (every instance). */
  invitationsPerHourInAll: 500,
  invitationDays: 7,
  pageDefault: 50,
  pageMax: 200,
} as const;

export const ORGANISATION_MESSAGES = {
  refused: (role: OrganisationRole, permission: Permission, organisation: string) =>
    `${ROLE_PLURALS[role]} cannot ${PERMISSION_ACTIONS[permission]} in ${organisation}`,
  noOrganisation: 'Create or join an organisation first',
  notFound: 'Organisation not found',
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
  /** A request whose token names another organisation than its session (a switch in another tab). */
  switchedElsewhere: 'You switched organisation in another tab; reload to continue there',
  lastOwner: 'An organisation needs at least one owner',
  tooMany: `You can create at most ${ORGANISATION_LIMITS.createdPerUser} organisations`,
  invitationInvalid: 'This invitation is no longer valid',
  invitationOtherEmail: 'This invitation was sent to another e-mail address',
  tooManyPending: `An organisation can have at most ${ORGANISATION_LIMITS.pendingInvitations} pending invitations`,
  alreadyMember: 'This person is already a member',
  created: 'Organisation created',
  renamed: 'Organisation renamed',
  /** An administrator's change of name or customer number. */
  updated: 'Organisation updated',
  switched: (name: string) => `Now working in ${name}`,
  roleChanged: 'Role changed',
  removed: 'Member removed',
  left: 'You left the organisation',
  invited: 'Invitation created',
  /** The address asked to receive nothing from this organisation: the link is only shown. */
  invitedNotMailed:
    'Invitation created but not e-mailed: this address asked to receive no mail from this organisation. Send it the link yourself.',
  revoked: 'Invitation revoked',
  joined: (name: string) => `You joined ${name}`,
  ownerChoosesSector: 'The owner of this organisation has not chosen its sector yet',
  nameRequired: 'Organisation name is required',
} as const;

export const OrganisationName = z
  .string()
  .trim()
  .min(
    ORGANISATION_LIMITS.nameMin,
    `Organisation name must be at least ${ORGANISATION_LIMITS.nameMin} characters long`,
  )
  .max(
    ORGANISATION_LIMITS.nameMax,
    `Organisation name must be at most ${ORGANISATION_LIMITS.nameMax} characters long`,
  )
  .regex(/^[^\p{Cc}\u202A-\u202E\u2066-\u2069]*$/u, 'Organisation name may not contain control characters');

const OrganisationRoleSchema = z.enum(ORGANISATION_ROLES, {
  error: 'Role must be owner, editor or viewer',
});

/** One of the caller's organisations. */
export const OrganisationSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  role: OrganisationRoleSchema,
  sectorId: z.number().int().nullable(),
  memberCount: z.number().int(),
});
export type OrganisationSummary = z.infer<typeof OrganisationSummary>;

export const Organisation = z.object({
  id: z.number().int(),
  name: z.string(),
  sectorId: z.number().int().nullable(),
  sector: z.string().nullable(),
  customerId: z.number().int(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Organisation = z.infer<typeof Organisation>;

export const Member = z.object({
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  role: OrganisationRoleSchema,
  joinedAt: z.string(),
});
export type Member = z.infer<typeof Member>;

export const Invitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role: OrganisationRoleSchema,
  expiresAt: z.string(),
  invitedBy: z.string().nullable().optional(),
});
export type Invitation = z.infer<typeof Invitation>;

export const Page = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ORGANISATION_LIMITS.pageMax)
    .default(ORGANISATION_LIMITS.pageDefault),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

const OrgParams = z.object({ id: IntId });
const MemberParams = z.object({ id: IntId, userId: IntId });
const InvitationParams = z.object({ id: IntId, invitationId: IntId });
/** The token of an invitation link: 43 URL-safe characters (32 random bytes). */
const TokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invalid invitation link'),
});

const ok = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });
const SessionSwitch = z.object({ token: z.string(), user: User });

export const organisationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/organisations',
    tag: 'organisations',
    access: 'user',
    summary: "The caller's organisations and the active one",
    query: Page,
    response: ok(
      z.object({ organisations: z.array(OrganisationSummary), activeId: z.number().int().nullable() }),
    ),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/organisations',
    tag: 'organisations',
    access: 'user',
    status: 201,
    summary: 'Create an organisation; the caller is its owner',
    body: z.strictObject({ name: OrganisationName }),
    response: ok(z.object({ organisation: Organisation })),
  }),
  switch: defineRoute({
    method: 'POST',
    path: '/api/organisations/:id/switch',
    tag: 'organisations',
    access: 'user',
    summary: "Make the organisation the session's active one (a member of it, or an administrator)",
    params: OrgParams,
    response: ok(SessionSwitch),
  }),
  rename: defineRoute({
    method: 'PATCH',
    path: '/api/organisations/:id',
    tag: 'organisations',
    access: 'user',
    permission: 'organisation.manage',
    organisationParam: 'id',
    summary: 'Rename the organisation (owners)',
    params: OrgParams,
    body: z.strictObject({ name: OrganisationName }),
    response: ok(z.object({ organisation: Organisation })),
  }),
  members: defineRoute({
    method: 'GET',
    path: '/api/organisations/:id/members',
    tag: 'organisations',
    access: 'user',
    permission: 'reports.view',
    organisationParam: 'id',
    summary: "The organisation's members; its pending invitations for owners",
    params: OrgParams,
    query: Page,
    response: ok(z.object({ members: z.array(Member), invitations: z.array(Invitation) })),
  }),
  changeRole: defineRoute({
    method: 'PATCH',
    path: '/api/organisations/:id/members/:userId',
    tag: 'organisations',
    access: 'user',
    permission: 'members.manage',
    organisationParam: 'id',
    summary: "Change a member's role (owners)",
    params: MemberParams,
    body: z.strictObject({ role: OrganisationRoleSchema }),
    response: SuccessMessage,
  }),
  removeMember: defineRoute({
    method: 'DELETE',
    path: '/api/organisations/:id/members/:userId',
    tag: 'organisations',
    access: 'user',
    permission: 'reports.view',
    organisationParam: 'id',
    summary: 'Remove a member (owners), or leave (the member)',
    params: MemberParams,
    response: SuccessMessage,
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/api/organisations/:id/invitations',
    tag: 'organisations',
    access: 'user',
    permission: 'members.manage',
    organisationParam: 'id',
    status: 201,
    summary: 'Invite an e-mail address with a role (owners): a single-use link, mailed when SMTP is set',
    params: OrgParams,
    body: z.strictObject({ email: Email, role: OrganisationRoleSchema }),
    response: ok(z.object({ invitation: Invitation, link: z.string() })),
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/organisations/:id/invitations/:invitationId',
    tag: 'organisations',
    access: 'user',
    permission: 'members.manage',
    organisationParam: 'id',
    summary: 'Revoke a pending invitation (owners)',
    params: InvitationParams,
    response: SuccessMessage,
  }),
  invitation: defineRoute({
    method: 'GET',
    path: '/api/invitations/:token',
    tag: 'organisations',
    access: 'none',
    summary: 'What an invitation link offers: who invites, to what, as what',
    params: TokenParams,
    response: ok(
      z.object({
        organisationName: z.string(),
        invitedBy: z.string(),
        email: z.string(),
        role: OrganisationRoleSchema,
        expired: z.boolean(),
      }),
    ),
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/invitations/:token/accept',
    tag: 'organisations',
    access: 'user',
    summary: "Join the invitation's organisation (an account with the invited e-mail); it becomes active",
    params: TokenParams,
    response: ok(SessionSwitch),
  }),
} as const;

/** An organisation as administrators list it. */
export const AdminOrganisation = Organisation;

const CustomerId = z.coerce.number().int().min(0, 'Customer number must be 0 or more').max(2_147_483_647);

export const adminOrganisationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/organisations',
    tag: 'admin',
    access: 'admin',
    summary: 'Organisations, searched by name',
    query: Page.extend({ search: z.string().trim().max(LIMITS.emailMax).optional() }),
    response: ok(z.object({ organisations: z.array(AdminOrganisation), total: z.number().int() })),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/admin/organisations/:id',
    tag: 'admin',
    access: 'admin',
    summary: 'An organisation: its members (paged) and its reports per tier',
    params: OrgParams,
    query: Page,
    response: ok(
      z.object({
        organisation: AdminOrganisation,
        members: z.array(Member),
        reports: ReportsByTier,
      }),
    ),
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/admin/organisations/:id',
    tag: 'admin',
    access: 'admin',
    summary: 'Rename an organisation or set its customer number',
    params: OrgParams,
    body: z
      .strictObject({ name: OrganisationName.optional(), customerId: CustomerId.optional() })
      .refine((b) => b.name !== undefined || b.customerId !== undefined, {
        message: 'Send name or customerId',
        path: ['name'],
      }),
    response: ok(z.object({ organisation: AdminOrganisation })),
  }),
  addReport: defineRoute({
    method: 'POST',
    path: '/api/admin/organisations/:id/reports',
    tag: 'admin',
    access: 'admin',
    status: 201,
    summary: 'Add a report tab to an organisation',
    params: OrgParams,
    body: NewReport,
    response: z.object({ success: z.literal(true), message: z.string(), data: Report }),
  }),
} as const;
