import type { Permission } from '@insightra/contract';
import { useId } from 'react';
import { usePermission } from '../../lib/organisations/use-permission';

/**
 * A control the user's role may not use: disabled, its reason as the tooltip and as the control's
 * description for screen readers. Spread `props` on the control and render `note` beside it.
 */
export function usePermittedControl(permission: Permission) {
  const { allowed, reason } = usePermission(permission);
  const id = useId();
  if (allowed) return { allowed, props: {}, note: null };
  return {
    allowed,
    props: { disabled: true, title: reason ?? undefined, 'aria-describedby': id },
    note: (
      <span id={id} className="sr-only">
        {reason}
      </span>
    ),
  };
}
