import { Compass, Gauge, ShieldCheck } from 'lucide-react';
import { FadeIn } from '../../../components/ui/fade-in';

const VALUES = [
  {
    icon: Compass,
    title: 'Question first',
    text: 'Every engagement starts from the decision you need to make, not from the tools we like to use.',
  },
  {
    icon: ShieldCheck,
    title: 'Numbers you can trace',
    text: 'Each figure we report can be followed back to the rows behind it, so it stands up in the boardroom.',
  },
  {
    icon: Gauge,
    title: 'Built to be used',
    text: 'We hand over dashboards and models your own team can run, read and extend after we leave.',
  },
];

export function WhoWeAre() {
  return (
    <section id="who-we-are" aria-labelledby="who-we-are-title" className="bg-white py-16 md:py-24">
      <div className="mx-auto grid max-w-[1200px] gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.2fr] lg:gap-16">
        <FadeIn>
          <p className="text-sm font-semibold tracking-wider text-brand uppercase">Who we are</p>
          <h2 id="who-we-are-title" className="mt-3 text-3xl font-bold text-ink sm:text-4xl">
            A small team of analysts, engineers and strategists
          </h2>
          <p className="mt-5 text-lg leading-8 text-muted">
            Insightra was founded in Mumbai by people who had spent years inside schools, manufacturers and
            retailers, watching good data go unused. We work alongside your people to turn scattered
            spreadsheets and systems into a clear picture of the business.
          </p>
          <p className="mt-4 text-lg leading-8 text-muted">
            From a first dashboard to a forecasting model in production, we stay with a problem until the
            answer is part of how you work.
          </p>
        </FadeIn>
        <ul className="grid gap-4 self-center">
          {VALUES.map((v, i) => (
            <FadeIn as="li" key={v.title} delay={i * 80}>
              <div className="flex gap-4 rounded-[var(--radius-card)] border border-line bg-page p-6">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
                  <v.icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-ink">{v.title}</h3>
                  <p className="mt-1 leading-7 text-muted">{v.text}</p>
                </div>
              </div>
            </FadeIn>
          ))}
        </ul>
      </div>
    </section>
  );
}
