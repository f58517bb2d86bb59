import { PATHS } from '@insightra/contract/public';
import { ArrowRight, BarChart3, BrainCircuit, DatabaseZap, type LucideIcon, Target } from 'lucide-react';
import { Link } from 'react-router';
import { FadeIn } from '../../../components/ui/fade-in';

interface Solution {
  title: string;
  text: string;
  icon: LucideIcon;
  /** Absent for a future offering: shown, but not a link. */
  to?: string;
}

const SOLUTIONS: Solution[] = [
  {
    title: 'Business Intelligence',
    text: 'Dashboards and reports that put the numbers that matter on one screen, refreshed from your own data.',
    icon: BarChart3,
    to: PATHS.bi,
  },
  {
    title: 'Machine Learning',
    text: 'Forecasts, risk scores and recommendations, built on your history and monitored in production.',
    icon: BrainCircuit,
    to: PATHS.ml,
  },
  {
    title: 'Data Engineering',
    text: 'Pipelines, warehouses and data quality checks that make every other project faster and safer.',
    icon: DatabaseZap,
  },
  {
    title: 'Strategy Consulting',
    text: 'A data roadmap tied to business goals: what to measure, what to build first and how to govern it.',
    icon: Target,
    to: PATHS.strategy,
  },
];

function SolutionCard({ solution }: { solution: Solution }) {
  const { title, text, icon: Icon, to } = solution;
  const body = (
    <>
      <span
        className={`flex size-12 items-center justify-center rounded-xl ${to ? 'bg-brand-soft text-brand' : 'bg-page text-muted'}`}
      >
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h3 className="mt-5 text-xl font-semibold text-ink">{title}</h3>
      <p className="mt-2 flex-1 leading-7 text-muted">{text}</p>
      {to ? (
        <span className="mt-6 inline-flex items-center gap-1.5 text-sm font-semibold text-brand">
          Learn more
          <ArrowRight
            aria-hidden="true"
            className="size-4 transition-transform duration-200 group-hover:translate-x-1"
          />
        </span>
      ) : (
        <span className="mt-6 inline-flex w-fit items-center rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold tracking-wide text-accent uppercase">
          Coming soon
        </span>
      )}
    </>
  );
  const base = 'flex h-full flex-col rounded-[var(--radius-card)] border p-6';
  if (!to) {
    return <div className={`${base} border-dashed border-line bg-page`}>{body}</div>;
  }
  return (
    <Link
      to={to}
      className={`${base} group border-line bg-white shadow-[var(--shadow-card)] transition-[box-shadow,border-color,translate] duration-200 ease-out hover:-translate-y-0.5 hover:border-brand/40 hover:shadow-lg`}
    >
      {body}
    </Link>
  );
}

export function SolutionsSection() {
  return (
    <section id="solutions" aria-labelledby="solutions-title" className="bg-white py-16 md:py-24">
      <div className="mx-auto max-w-[1200px] px-4 sm:px-6">
        <FadeIn className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wider text-brand uppercase">Solutions</p>
          <h2 id="solutions-title" className="mt-3 text-3xl font-bold text-ink sm:text-4xl">
            From raw data to a decision
          </h2>
          <p className="mt-4 text-lg leading-8 text-muted">
            Start where you are. Most clients begin with one dashboard and grow into models and a data
            strategy once the first answers land.
          </p>
        </FadeIn>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SOLUTIONS.map((s, i) => (
            <FadeIn as="li" key={s.title} delay={i * 80}>
              <SolutionCard solution={s} />
            </FadeIn>
          ))}
        </ul>
      </div>
    </section>
  );
}
