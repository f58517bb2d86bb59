import { ORGANISATION_MESSAGES, type Permission } from '@insightra/contract';
import { useSession } from '../session/session-context';

export interface PermissionAnswer {
  allowed: boolean;
  /** Why not, as the server words its refusal ("Viewers cannot upload files in Acme School"). */
  reason: string | null;
}

/**
 * Whether the signed-in user's role in the active organisation grants `permission`: the user object's
 * permissions map, which the server enforces on every call. Anything the map lacks is refused.
 */
export function usePermission(permission: Permission): PermissionAnswer {
  const user = useSession().user;
  if (user?.permissions[permission] === true) return { allowed: true, reason: null };
  const organisation = user?.organisation;
  return {
    allowed: false,
    reason: organisation
      ? ORGANISATION_MESSAGES.refused(organisation.role, permission, organisation.name)
      : ORGANISATION_MESSAGES.noOrganisation,
  };
}
