import { LANDING_SECTIONS, PATHS } from '@insightra/contract';
import { Link } from 'react-router';
import { usePublicConfig } from '../lib/public-config';
import { NavbarSessionActions } from './navbar-session';

/** The site navigation bar (public routes). */
export function Navbar() {
  const { siteName } = usePublicConfig();
  return (
    <header className="sticky top-0 z-50 border-b border-line bg-white/90 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-[1200px] items-center justify-between gap-6 px-6"
      >
        <Link
          to={PATHS.dashboard}
          className="flex items-center gap-2 text-lg font-bold tracking-tight text-ink"
        >
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {siteName}
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">
          {LANDING_SECTIONS.map((s) => (
            <li key={s.id}>
              <Link
                to={`/#${s.id}`}
                className="rounded-md px-3 py-2 text-sm font-medium text-muted hover:text-ink"
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
        <NavbarSessionActions />
      </nav>
    </header>
  );
}
