import { PATHS } from '@insightra/contract/public';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { SectionLink } from '../../../components/ui/section-link';

interface ServiceHeroProps {
  eyebrow: string;
  title: string;
  lead: string;
  /** The page's second action (e.g. Download Sample Report). */
  secondary?: ReactNode;
  art: ReactNode;
}

export function ServiceHero({ eyebrow, title, lead, secondary, art }: ServiceHeroProps) {
  return (
    <section aria-labelledby="service-title" className="relative overflow-hidden bg-ink text-white">
      <div className="mx-auto grid max-w-[1200px] items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1.2fr_1fr] lg:py-24">
        <div>
          <p className="text-sm font-semibold tracking-wider text-highlight uppercase">{eyebrow}</p>
          <h1 id="service-title" className="mt-4 text-4xl leading-[1.1] font-bold sm:text-5xl">
            {title}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-300">{lead}</p>
          <div className="mt-9 flex flex-wrap items-start gap-3">
            <SectionLink pathname={PATHS.home} id="contact" className={buttonClasses('inverse', 'lg')}>
              Talk to an expert
              <ArrowRight aria-hidden="true" className="size-4" />
            </SectionLink>
            {secondary}
          </div>
        </div>
        <div className="hidden justify-center lg:flex">{art}</div>
      </div>
    </section>
  );
}

/** Section heading block shared by every section of the service pages. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
}) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold tracking-wider text-brand uppercase">{eyebrow}</p>
      <h2 id={`${id}-title`} className="mt-3 text-3xl font-bold text-ink sm:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg leading-8 text-muted">{intro}</p>}
    </div>
  );
}
