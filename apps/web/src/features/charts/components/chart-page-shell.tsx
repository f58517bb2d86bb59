import { PATHS } from '@insightra/contract';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';

const DEMO_CHARTS = [
  { to: PATHS.lineChart, label: 'Line' },
  { to: PATHS.columnsChart, label: '2D Columns' },
  { to: PATHS.donutChart, label: 'Donut' },
] as const;

/** Layout of a demo chart page: a heading, a short description, links to the other demos, the content. */
export function ChartPageShell({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="w-full flex-1 bg-page">
      <section className="mx-auto w-full max-w-[1200px] px-4 py-10 sm:px-6 sm:py-14">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand">Demo charts</p>
            <h1 className="mt-1 text-3xl font-semibold text-ink sm:text-4xl">{title}</h1>
            <p className="mt-2 max-w-2xl text-muted">{description}</p>
          </div>
          <nav aria-label="Demo charts">
            <ul className="flex gap-1 rounded-[var(--radius-control)] border border-line bg-surface p-1">
              {DEMO_CHARTS.map((c) => (
                <li key={c.to}>
                  <NavLink
                    to={c.to}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-1.5 text-sm font-medium transition-colors duration-150 ${
                        isActive ? 'bg-brand text-white' : 'text-ink hover:bg-page'
                      }`
                    }
                  >
                    {c.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="mt-8 flex flex-col gap-6">{children}</div>
      </section>
    </div>
  );
}

const GRID_COLUMNS = {
  2: 'grid-cols-2',
  3: 'grid-cols-1 sm:grid-cols-3',
  4: 'grid-cols-2 lg:grid-cols-4',
} as const;

/** The row of headline cards above a chart, as many columns as cards once there is room. */
export function CardGrid({ columns, children }: { columns: keyof typeof GRID_COLUMNS; children: ReactNode }) {
  return <div className={`grid gap-3 sm:gap-4 ${GRID_COLUMNS[columns]}`}>{children}</div>;
}
