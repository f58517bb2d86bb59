import { PATHS } from '@insightra/contract/public';
import { Bug, ChevronDown, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { useSession } from '../lib/session/session-context';

const ITEM =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-ink hover:bg-page focus:bg-page focus:outline-none';

/** The session-dependent end of the header: Dashboard and the user menu, or Login. */
export function NavbarSessionActions() {
  const { status, user, logout } = useSession();
  const navigate = useNavigate();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (e: MouseEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  if (status !== 'authenticated' || !user) {
    return (
      <Link to={PATHS.login} className={buttonClasses('primary', 'sm')}>
        Login
      </Link>
    );
  }

  const close = (refocus = false) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKey = (e: React.KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      go(index + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      go(index - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      go(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      go(items.length - 1);
    } else if (e.key === 'Tab') close();
  };

  const name = user.fullName || user.username;
  return (
    <div ref={wrapRef} className="relative flex items-center gap-2">
      <Link to={PATHS.dashboard} className={buttonClasses('primary', 'sm')}>
        <LayoutDashboard aria-hidden="true" className="size-4" />
        Dashboard
      </Link>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className={buttonClasses('secondary', 'sm', 'max-w-48')}
      >
        <UserRound aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">{name}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKey}
          className="absolute top-full right-0 z-50 mt-2 w-52 rounded-[var(--radius-control)] border border-line bg-surface p-1 shadow-[var(--shadow-card)]"
        >
          <Link role="menuitem" to={PATHS.profile} className={ITEM} onClick={() => close()}>
            <UserRound aria-hidden="true" className="size-4" />
            Profile
          </Link>
          <Link role="menuitem" to={PATHS.reportIssue} className={ITEM} onClick={() => close()}>
            <Bug aria-hidden="true" className="size-4" />
            Report Issue
          </Link>
          <button
            role="menuitem"
            type="button"
            className={ITEM}
            onClick={() => {
              close();
              logout();
              navigate(PATHS.home);
            }}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </button>
        </div>
      )}
    </div>
  );
}

const MOBILE_ITEM = 'block w-full rounded-md px-3 py-2 text-left font-medium hover:bg-page';

/** The mobile menu's session links: Dashboard, Profile and Logout, or Login. */
export function MobileSessionLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { status, logout } = useSession();
  const navigate = useNavigate();
  if (status !== 'authenticated') {
    return (
      <li>
        <Link to={PATHS.login} onClick={onNavigate} className={MOBILE_ITEM}>
          Login
        </Link>
      </li>
    );
  }
  return (
    <>
      <li>
        <Link to={PATHS.dashboard} onClick={onNavigate} className={MOBILE_ITEM}>
          Dashboard
        </Link>
      </li>
      <li>
        <Link to={PATHS.profile} onClick={onNavigate} className={MOBILE_ITEM}>
          Profile
        </Link>
      </li>
      <li>
        <button
          type="button"
          onClick={() => {
            logout();
            onNavigate?.();
            navigate(PATHS.home);
          }}
          className={MOBILE_ITEM}
        >
          Logout
        </button>
      </li>
    </>
  );
}
