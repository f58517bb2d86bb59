import { FadeIn } from '../../../components/ui/fade-in';
import type { ServicePageData } from '../data/types';
import { SectionHeading } from './service-hero';

/** The six-step process, as a numbered list. */
export function ProcessSection({ data }: { data: ServicePageData['process'] }) {
  return (
    <section id={data.id} aria-labelledby={`${data.id}-title`} className="bg-white py-16 md:py-24">
      <div className="mx-auto max-w-[1200px] px-4 sm:px-6">
        <FadeIn>
          <SectionHeading id={data.id} eyebrow="Process" title={data.title} intro={data.intro} />
        </FadeIn>
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {data.steps.map((step, i) => (
            <FadeIn as="li" key={step.title} delay={(i % 3) * 80}>
              <div className="relative h-full rounded-[var(--radius-card)] border border-line p-6">
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-full bg-ink text-sm font-bold text-white tabular"
                >
                  {String(i + 1).padStart(2, '0')}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-ink">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 leading-7 text-muted">{step.text}</p>
              </div>
            </FadeIn>
          ))}
        </ol>
      </div>
    </section>
  );
}
