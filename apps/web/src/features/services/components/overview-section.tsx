import { FadeIn } from '../../../components/ui/fade-in';
import type { OverviewData } from '../data/types';
import { SectionHeading } from './service-hero';

/** The Overview section of every service page: title, paragraphs and four stats, all from data. */
export function OverviewSection({ data }: { data: OverviewData }) {
  return (
    <section id={data.id} aria-labelledby={`${data.id}-title`} className="bg-white py-16 md:py-24">
      <div className="mx-auto grid max-w-[1200px] gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16">
        <FadeIn>
          <SectionHeading id={data.id} eyebrow="Overview" title={data.title} />
          {data.paragraphs.map((p) => (
            <p key={p.slice(0, 24)} className="mt-5 text-lg leading-8 text-muted">
              {p}
            </p>
          ))}
        </FadeIn>
        <FadeIn delay={100} className="self-center">
          <dl className="grid grid-cols-2 gap-4">
            {data.stats.map((s) => (
              <div
                key={s.label}
                className="flex flex-col rounded-[var(--radius-card)] border border-line bg-page p-4 sm:p-6"
              >
                <dt className="mt-2 text-sm leading-6 text-muted">{s.label}</dt>
                <dd className="order-first text-2xl font-bold text-brand tabular sm:text-3xl">{s.value}</dd>
              </div>
            ))}
          </dl>
        </FadeIn>
      </div>
    </section>
  );
}
