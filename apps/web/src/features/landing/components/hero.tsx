import { MARKETING_CLAIMS, PATHS } from '@insightra/contract/public';
import { ArrowRight } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { SectionLink } from '../../../components/ui/section-link';
import { HeroIllustration } from './hero-illustration';

export function Hero() {
  return (
    <section id="home" aria-labelledby="home-title" className="relative overflow-hidden bg-ink text-white">
      <div className="mx-auto grid max-w-[1200px] items-center gap-12 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-sm font-medium text-slate-200">
            <span aria-hidden="true" className="size-2 rounded-full bg-highlight" />
            Data analytics and consulting, Mumbai
          </p>
          <h1 id="home-title" className="mt-6 text-4xl leading-[1.1] font-bold sm:text-5xl lg:text-6xl">
            Turn your data into decisions you can <span className="text-highlight">defend</span>.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-300">
            Insightra builds the dashboards, models and data strategy that let leadership teams see what is
            happening, understand why, and act with confidence.
          </p>
          <div className="mt-9 flex flex-wrap gap-3">
            <SectionLink pathname={PATHS.home} id="contact" className={buttonClasses('inverse', 'lg')}>
              Talk to us
              <ArrowRight aria-hidden="true" className="size-4" />
            </SectionLink>
            <SectionLink
              pathname={PATHS.home}
              id="solutions"
              className={buttonClasses('ghost', 'lg', 'text-white ring-1 ring-white/30 hover:bg-white/10')}
            >
              Explore solutions
            </SectionLink>
          </div>
        </div>
        <div className="flex justify-center lg:justify-end">
          <HeroIllustration />
        </div>
      </div>
      <div className="border-t border-white/10 bg-white/[0.03]">
        <dl className="mx-auto grid max-w-[1200px] grid-cols-1 divide-y divide-white/10 px-4 sm:grid-cols-3 sm:divide-x sm:divide-y-0 sm:px-6">
          {MARKETING_CLAIMS.map((claim) => (
            <div key={claim.label} className="flex flex-col-reverse items-center gap-1 py-6 text-center">
              <dt className="text-sm font-medium tracking-wide text-slate-300 uppercase">{claim.label}</dt>
              <dd className="text-4xl font-bold text-white tabular">{claim.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
