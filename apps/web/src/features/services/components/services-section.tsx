import { Check } from 'lucide-react';
import { FadeIn } from '../../../components/ui/fade-in';
import type { ServicesData } from '../data/types';
import { SectionHeading } from './service-hero';

/** The Services section of every service page, fed by data. */
export function ServicesSection({ data }: { data: ServicesData }) {
  return (
    <section id={data.id} aria-labelledby={`${data.id}-title`} className="bg-page py-16 md:py-24">
      <div className="mx-auto max-w-[1200px] px-4 sm:px-6">
        <FadeIn>
          <SectionHeading id={data.id} eyebrow="Services" title={data.title} intro={data.intro} />
        </FadeIn>
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {data.items.map((item, i) => (
            <FadeIn as="li" key={item.title} delay={(i % 2) * 80}>
              <article className="h-full rounded-[var(--radius-card)] border border-line bg-white p-7 shadow-[var(--shadow-card)]">
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-soft text-brand">
                  <item.icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-5 text-xl font-semibold text-ink">{item.title}</h3>
                <p className="mt-2 leading-7 text-muted">{item.text}</p>
                <ul className="mt-5 grid gap-2">
                  {item.points.map((p) => (
                    <li key={p} className="flex items-start gap-2 text-sm text-ink">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
                      {p}
                    </li>
                  ))}
                </ul>
              </article>
            </FadeIn>
          ))}
        </ul>
      </div>
    </section>
  );
}
