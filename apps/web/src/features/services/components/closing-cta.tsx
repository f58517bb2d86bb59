import { PATHS } from '@insightra/contract/public';
import { ArrowRight } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { FadeIn } from '../../../components/ui/fade-in';
import { SectionLink } from '../../../components/ui/section-link';

/** The closing call to action: goes to the landing page's contact section. */
export function ClosingCta({ title, text }: { title: string; text: string }) {
  return (
    <section aria-labelledby="cta-title" className="bg-white py-16 md:py-24">
      <FadeIn className="mx-auto max-w-[1200px] px-4 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-[var(--radius-card)] bg-brand px-8 py-12 text-white md:flex-row md:items-center md:justify-between md:px-12">
          <div className="max-w-2xl">
            <h2 id="cta-title" className="text-3xl font-bold">
              {title}
            </h2>
            <p className="mt-3 text-lg leading-8 text-white/90">{text}</p>
          </div>
          <SectionLink
            pathname={PATHS.home}
            id="contact"
            className={buttonClasses('inverse', 'lg', 'shrink-0')}
          >
            Contact us
            <ArrowRight aria-hidden="true" className="size-4" />
          </SectionLink>
        </div>
      </FadeIn>
    </section>
  );
}
