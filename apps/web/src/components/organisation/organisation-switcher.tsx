import { PATHS } from '@insightra/contract';
import { Building2, Check, ChevronDown, Loader2, Mail, Plus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ROLE_LABELS } from '../../lib/organisations/roles';
import { useSession } from '../../lib/session/session-context';
import { buttonClasses } from '../ui/button';
import { MENU_ITEM, MENU_PANEL, useMenu } from '../ui/menu';
import { CreateOrganisationDialog } from './create-organisation-dialog';
import { useOrganisationSwitch } from './use-organisation-switch';

/**
 * The member area header's organisation switcher: the active organisation's name always shown, and a
 * menu of the user's organisations with their role (one click to open, one to switch), the
 * organisation's page, the e-mail subscriptions and Create organisation.
 */
/**
 * A switch made from the switcher's menu: the member area remounts for the new organisation, and the
 * new switcher takes the keyboard focus back instead of leaving it on the page's body.
 */
let refocusAfterSwitch = false;

export function OrganisationSwitcher({ className = '' }: { className?: string }) {
  const { user } = useSession();
  const { enter, switching } = useOrganisationSwitch();
  const menu = useMenu();
  const [creating, setCreating] = useState(false);
  const { close: closeMenu } = menu;
  useEffect(() => {
    if (!refocusAfterSwitch) return;
    refocusAfterSwitch = false;
    closeMenu(true);
  }, [closeMenu]);

  if (!user) return null;
  const active = user.organisation;
  const organisations = user.organisations.length ? user.organisations : active ? [active] : [];

  const choose = (id: number) => {
    menu.close(true);
    if (id === active?.id) return;
    refocusAfterSwitch = true;
    // Once the new organisation has rendered (or the switch failed), no later mount takes the focus.
    void enter(id).finally(() =>
      setTimeout(() => {
        refocusAfterSwitch = false;
      }, 0),
    );
  };

  return (
    <div ref={menu.wrapRef} className={`relative min-w-0 ${className}`}>
      <button
        {...menu.buttonProps}
        // Busy rather than disabled while switching: a disabled button would drop the keyboard focus.
        aria-disabled={switching || undefined}
        onClick={switching ? undefined : menu.buttonProps.onClick}
        onKeyDown={switching ? undefined : menu.buttonProps.onKeyDown}
        className={buttonClasses('secondary', 'sm', 'max-w-full min-w-0')}
      >
        {switching ? (
          <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin" />
        ) : (
          <Building2 aria-hidden="true" className="size-4 shrink-0 text-brand" />
        )}
        <span className="sr-only">Organisation: </span>
        <span className="truncate">{active?.name ?? 'No organisation'}</span>
        {active && (
          <span className="sr-only shrink-0 text-xs font-medium text-muted sm:not-sr-only">
            <span className="sr-only">, </span>
            {ROLE_LABELS[active.role]}
          </span>
        )}
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </button>
      {menu.open && (
        <div
          {...menu.menuProps}
          role="menu"
          aria-label="Organisations"
          className={`${MENU_PANEL} ${menu.side} w-72`}
        >
          {organisations.length > 0 && (
            <div className="max-h-72 overflow-y-auto">
              {organisations.map((o) => (
                <button
                  key={o.id}
                  type="button"
                  role="menuitemradio"
                  aria-checked={o.id === active?.id}
                  className={MENU_ITEM}
                  onClick={() => choose(o.id)}
                >
                  <span className="min-w-0 flex-1 truncate font-medium">{o.name}</span>
                  <span className="shrink-0 rounded-full bg-page px-2 py-0.5 text-xs text-muted">
                    {ROLE_LABELS[o.role]}
                  </span>
                  <Check
                    aria-hidden="true"
                    className={`size-4 shrink-0 text-brand ${o.id === active?.id ? '' : 'invisible'}`}
                  />
                </button>
              ))}
            </div>
          )}
          <hr className="my-1 border-line" />
          {active && (
            <>
              <Link
                role="menuitem"
                to={PATHS.organisation}
                className={MENU_ITEM}
                onClick={() => menu.close()}
              >
                <Users aria-hidden="true" className="size-4 text-muted" />
                Members and invitations
              </Link>
              <Link
                role="menuitem"
                to={PATHS.subscriptions}
                className={MENU_ITEM}
                onClick={() => menu.close()}
              >
                <Mail aria-hidden="true" className="size-4 text-muted" />
                E-mail subscriptions
              </Link>
            </>
          )}
          <button
            type="button"
            role="menuitem"
            className={MENU_ITEM}
            onClick={() => {
              menu.close();
              setCreating(true);
            }}
          >
            <Plus aria-hidden="true" className="size-4 text-muted" />
            Create organisation
          </button>
        </div>
      )}
      <CreateOrganisationDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
