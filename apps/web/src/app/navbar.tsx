import { LANDING_SECTIONS, PATHS } from '@insightra/contract/public';
import { ArrowLeft, Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SectionLink } from '../components/ui/section-link';
import { SERVICE_NAV } from '../features/services/nav';
import { usePublicConfig } from '../lib/public-config';
import { MobileSessionLinks, NavbarSessionActions } from './navbar-session';

interface NavItem {
  pathname: string;
  id: string;
  label: string;
}

/** The section links for this route: a service page's own, else the landing page's. */
function useNavItems(pathname: string): { items: NavItem[]; backToHome: boolean } {
  const service = SERVICE_NAV[pathname as keyof typeof SERVICE_NAV];
  if (service) return { items: service.map((s) => ({ ...s, pathname })), backToHome: true };
  return { items: LANDING_SECTIONS.map((s) => ({ ...s, pathname: PATHS.home })), backToHome: false };
}

const linkClass =
  'rounded-[var(--radius-control)] px-2.5 py-2 text-sm font-medium text-muted transition-colors duration-150 hover:bg-page hover:text-ink';

export function Logo({ siteName }: { siteName: string }) {
  return (
    <Link
      to={PATHS.dashboard}
      className="flex shrink-0 items-center gap-2 rounded-[var(--radius-control)] text-lg font-bold tracking-tight text-ink"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
        <rect width="32" height="32" rx="8" className="fill-ink" />
        <rect x="7" y="17" width="4" height="8" rx="1" className="fill-highlight" />
        <rect x="14" y="12" width="4" height="13" rx="1" className="fill-highlight" />
        <rect x="21" y="7" width="4" height="18" rx="1" className="fill-amber-500" />
      </svg>
      {siteName}
    </Link>
  );
}

/** The site navigation bar: section links (scrolling, 45 px offset), session actions, mobile menu. */
export function Navbar() {
  const { siteName } = usePublicConfig();
  const { pathname } = useLocation();
  const { items, backToHome } = useNavItems(pathname);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the route changes.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const close = () => setOpen(false);

  return (
    <header className="sticky top-0 z-50 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded-md focus:bg-ink focus:px-3 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-[1200px] items-center gap-4 px-4 sm:px-6">
        <Logo siteName={siteName} />
        <ul className="ml-auto hidden items-center gap-0.5 xl:flex">
          {items.map((item) => (
            <li key={item.id}>
              <SectionLink pathname={item.pathname} id={item.id} className={linkClass}>
                {item.label}
              </SectionLink>
            </li>
          ))}
          {backToHome && (
            <li>
              <Link to={PATHS.home} className={`${linkClass} inline-flex items-center gap-1.5`}>
                <ArrowLeft aria-hidden="true" className="size-4" />
                Back to Home
              </Link>
            </li>
          )}
        </ul>
        <div className="ml-auto hidden lg:block xl:ml-2">
          <NavbarSessionActions />
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="ml-auto inline-flex size-10 items-center justify-center rounded-[var(--radius-control)] text-ink hover:bg-page lg:ml-2 xl:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? (
            <X aria-hidden="true" className="size-5" />
          ) : (
            <Menu aria-hidden="true" className="size-5" />
          )}
        </button>
      </nav>
      <nav id={menuId} aria-label="Mobile" hidden={!open} className="border-t border-line bg-white xl:hidden">
        <ul className="mx-auto grid max-w-[1200px] gap-1 px-4 py-3 text-ink sm:px-6">
          {items.map((item) => (
            <li key={item.id}>
              <SectionLink
                pathname={item.pathname}
                id={item.id}
                onNavigate={close}
                className="block rounded-md px-3 py-2 font-medium hover:bg-page"
              >
                {item.label}
              </SectionLink>
            </li>
          ))}
          {backToHome && (
            <li>
              <Link
                to={PATHS.home}
                onClick={close}
                className="block rounded-md px-3 py-2 font-medium hover:bg-page"
              >
                Back to Home
              </Link>
            </li>
          )}
          <li aria-hidden="true" className="my-1 border-t border-line" />
          <MobileSessionLinks onNavigate={close} />
        </ul>
      </nav>
    </header>
  );
}
