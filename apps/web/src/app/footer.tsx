import { MESSAGES, PATHS } from '@insightra/contract/public';
import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { SectionLink } from '../components/ui/section-link';
import { usePublicConfig } from '../lib/public-config';

const linkClass = 'rounded-sm text-slate-300 transition-colors duration-150 hover:text-white';

export function Footer() {
  const config = usePublicConfig();
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-[1200px] gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.5fr_1fr_1fr_1.3fr]">
        <div>
          <p className="text-2xl font-semibold tracking-tight text-white">{MESSAGES.other.footerTagline}</p>
          <p className="mt-3 max-w-md text-sm leading-6">
            {config.siteName} helps organisations turn their data into decisions, with dashboards, models and
            strategy that last.
          </p>
          <SectionLink
            pathname={PATHS.home}
            id="contact"
            className="mt-6 inline-flex h-10 items-center rounded-[var(--radius-control)] bg-highlight px-4 text-sm font-semibold text-ink transition-colors duration-150 hover:bg-brand-soft"
          >
            Start a conversation
          </SectionLink>
        </div>
        <nav aria-label="Solutions">
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Solutions</h2>
          <ul className="mt-4 grid gap-2.5 text-sm">
            <li>
              <Link to={PATHS.bi} className={linkClass}>
                Business Intelligence
              </Link>
            </li>
            <li>
              <Link to={PATHS.ml} className={linkClass}>
                Machine Learning
              </Link>
            </li>
            <li>
              <Link to={PATHS.strategy} className={linkClass}>
                Strategy Consulting
              </Link>
            </li>
            <li className="text-slate-400">Data Engineering (coming soon)</li>
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Company</h2>
          <ul className="mt-4 grid gap-2.5 text-sm">
            <li>
              <SectionLink pathname={PATHS.home} id="who-we-are" className={linkClass}>
                Who We Are
              </SectionLink>
            </li>
            <li>
              <SectionLink pathname={PATHS.home} id="team" className={linkClass}>
                Team
              </SectionLink>
            </li>
            <li>
              <Link to={PATHS.lineChart} className={linkClass}>
                Demo charts
              </Link>
            </li>
            <li>
              <Link to={PATHS.reportIssue} className={linkClass}>
                Report Issue
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Contact</h2>
          <address className="mt-4 grid gap-3 text-sm not-italic">
            <a className={`flex items-center gap-3 ${linkClass}`} href={`mailto:${config.salesEmail}`}>
              <Mail aria-hidden="true" className="size-4 shrink-0 text-highlight" />
              {config.salesEmail}
            </a>
            <a
              className={`flex items-center gap-3 ${linkClass}`}
              href={`tel:${config.salesPhone.replace(/\s+/g, '')}`}
            >
              <Phone aria-hidden="true" className="size-4 shrink-0 text-highlight" />
              {config.salesPhone}
            </a>
            <p className="flex items-start gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-highlight" />
              {config.officeAddress}
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-[1200px] px-4 py-5 text-xs text-slate-400 sm:px-6">
          © {new Date().getFullYear()} {config.siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
