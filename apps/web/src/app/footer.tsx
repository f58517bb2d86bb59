import { MESSAGES } from '@insightra/contract/public';
import { Mail, MapPin, Phone } from 'lucide-react';
import { usePublicConfig } from '../lib/public-config';

export function Footer() {
  const config = usePublicConfig();
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-[1200px] gap-10 px-6 py-14 md:grid-cols-[1.4fr_1fr]">
        <div>
          <p className="text-2xl font-semibold tracking-tight text-white">{MESSAGES.other.footerTagline}</p>
          <p className="mt-3 max-w-md text-sm leading-6">
            {config.siteName} helps organisations turn their data into decisions, with dashboards, models and
            strategy that last.
          </p>
        </div>
        <address className="grid gap-3 text-sm not-italic">
          <a className="flex items-center gap-3 hover:text-white" href={`mailto:${config.salesEmail}`}>
            <Mail aria-hidden="true" className="size-4 text-highlight" />
            {config.salesEmail}
          </a>
          <a
            className="flex items-center gap-3 hover:text-white"
            href={`tel:${config.salesPhone.replace(/\s+/g, '')}`}
          >
            <Phone aria-hidden="true" className="size-4 text-highlight" />
            {config.salesPhone}
          </a>
          <p className="flex items-start gap-3">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-highlight" />
            {config.officeAddress}
          </p>
        </address>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-[1200px] px-6 py-5 text-xs text-slate-400">
          © {new Date().getFullYear()} {config.siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
