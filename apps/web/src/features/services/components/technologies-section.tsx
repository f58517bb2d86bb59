import { FadeIn } from '../../../components/ui/fade-in';
import type { ServicePageData } from '../data/types';

/** Technologies (or, on the strategy page, frameworks) grouped by purpose. */
export function TechnologiesSection({
  data,
  eyebrow,
}: {
  data: ServicePageData['technologies'];
  eyebrow: string;
}) {
  return (
    <section id={data.id} aria-labelledby={`${data.id}-title`} className="bg-ink py-16 text-white md:py-24">
      <div className="mx-auto max-w-[1200px] px-4 sm:px-6">
        <FadeIn className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wider text-highlight uppercase">{eyebrow}</p>
          <h2 id={`${data.id}-title`} className="mt-3 text-3xl font-bold sm:text-4xl">
            {data.title}
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-300">{data.intro}</p>
        </FadeIn>
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {data.groups.map((g, i) => (
            <FadeIn key={g.name} delay={i * 60}>
              <div className="h-full rounded-[var(--radius-card)] border border-white/10 bg-white/5 p-6">
                <h3 className="text-sm font-semibold tracking-wider text-highlight uppercase">{g.name}</h3>
                <ul className="mt-4 flex flex-wrap gap-2">
                  {g.items.map((t) => (
                    <li
                      key={t}
                      className="rounded-full border border-white/15 px-3 py-1 text-sm text-slate-100"
                    >
                      {t}
                    </li>
                  ))}
                </ul>
              </div>
            </FadeIn>
          ))}
        </div>
      </div>
    </section>
  );
}
