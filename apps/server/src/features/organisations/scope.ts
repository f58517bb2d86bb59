import {
  ORGANISATION_MESSAGES,
  type OrganisationRole,
  type Permission,
  roleGrants,
} from '@insightra/contract';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import type { AccessRule, SessionPrincipal } from '../../plugins/auth';
import type { SessionUserRow } from '../auth/session-repository';
import { roleIn } from './membership-repository';

/** An organisation a call acts on, and the caller's role there (an administrator who is not a member: editor). */
export interface ScopedOrganisation {
  id: number;
  name: string;
  role: OrganisationRole;
}

/** The session's active organisation, where its user may work; null when there is none. */
export function activeOrganisation(row: SessionUserRow): ScopedOrganisation | null {
  if (row.organisation_id === null || !row.organisation_name || !row.organisation_role) return null;
  return { id: row.organisation_id, name: row.organisation_name, role: row.organisation_role };
}

/** Calls a member without an organisation may make: they answer empty lists, or create one (onboarding). */
const WITHOUT_ORGANISATION: readonly Permission[] = ['reports.view', 'sector.change'];

/**
 * The one check of who may act on an organisation's resources: every contract route that declares a
 * `permission` passes here before its handler (plugins/auth.ts). It answers
 * - 404 when the path names an organisation the caller is not in (its existence is not revealed);
 * - 409 when the token was issued in another organisation than the session's (a switch in another tab),
 *   or when the caller has no organisation and the call needs one;
 * - 403 naming the action when the caller's role there does not grant the permission.
 */
export async function scopeFor(
  db: Database,
  request: FastifyRequest,
  principal: SessionPrincipal,
  rule: AccessRule,
): Promise<ScopedOrganisation | null> {
  const permission = rule.permission!;
  let scope: ScopedOrganisation | null;
  if (rule.organisationParam) {
    const id = Number((request.params as Record<string, string>)[rule.organisationParam]);
    scope = Number.isSafeInteger(id) ? await roleIn(db, principal.userId, principal.role, id) : null;
    if (!scope) throw notFound(ORGANISATION_MESSAGES.notFound);
  } else {
    const stored = principal.user.session_organisation_id;
    if (principal.tokenOrganisationId !== undefined && principal.tokenOrganisationId !== stored) {
      throw conflict(ORGANISATION_MESSAGES.switchedElsewhere);
    }
    scope = principal.organisation;
    if (!scope) {
      if (WITHOUT_ORGANISATION.includes(permission)) return null;
      throw conflict(ORGANISATION_MESSAGES.noOrganisation);
    }
  }
  if (!roleGrants(scope.role, permission)) {
    throw forbidden(ORGANISATION_MESSAGES.refused(scope.role, permission, scope.name));
  }
  return scope;
}

/** Whether the user may work in the organisation now: a member of it, or an administrator. */
export async function mayWorkIn(
  db: Database,
  userId: number,
  userRole: 'member' | 'admin',
  organisationId: number,
): Promise<boolean> {
  return (await roleIn(db, userId, userRole, organisationId)) !== null;
}

/** The organisation that owns what a call reads or writes: its scope (checked before the handler ran). */
export function ownerOf(caller: { scope: ScopedOrganisation | null }): number {
  if (!caller.scope) throw conflict(ORGANISATION_MESSAGES.noOrganisation);
  return caller.scope.id;
}
