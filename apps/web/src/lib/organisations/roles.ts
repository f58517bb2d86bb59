import type { OrganisationRole } from '@insightra/contract';

/** A role's name as the screens show it. */
export const ROLE_LABELS: Record<OrganisationRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  viewer: 'Viewer',
};
