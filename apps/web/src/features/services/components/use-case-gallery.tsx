import { TrendingUp } from 'lucide-react';
import { FadeIn } from '../../../components/ui/fade-in';
import type { UseCase } from '../data/types';
import { SectionHeading } from './service-hero';

/** Use-case (or case-study) cards: the gallery of the ML and strategy pages. */
export function UseCaseGallery({
  id,
  eyebrow,
  title,
  intro,
  cases,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
  cases: UseCase[];
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="bg-page py-16 md:py-24">
      <div className="mx-auto max-w-[1200px] px-4 sm:px-6">
        <FadeIn>
          <SectionHeading id={id} eyebrow={eyebrow} title={title} intro={intro} />
        </FadeIn>
        <ul
          className={`mt-12 grid gap-6 sm:grid-cols-2 ${cases.length === 3 ? 'lg:grid-cols-3' : 'lg:grid-cols-2'}`}
        >
          {cases.map((c, i) => (
            <FadeIn as="li" key={c.title} delay={(i % 3) * 80}>
              <article className="flex h-full flex-col rounded-[var(--radius-card)] border border-line bg-white p-7 shadow-[var(--shadow-card)]">
                <p className="w-fit rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold text-brand-strong">
                  {c.sector}
                </p>
                <h3 className="mt-4 text-xl font-semibold text-ink">{c.title}</h3>
                <p className="mt-2 flex-1 leading-7 text-muted">{c.text}</p>
                <p className="mt-5 flex items-start gap-2 border-t border-line pt-4 text-sm font-semibold text-ink">
                  <TrendingUp aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
                  {c.result}
                </p>
              </article>
            </FadeIn>
          ))}
        </ul>
      </div>
    </section>
  );
}
