import type { ReactNode } from 'react';

/** A titled card around one chart, with optional actions (its downloads) beside the title. */
export function ChartPanel({
  title,
  description,
  actions,
  className = '',
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  /** Extra classes, e.g. `h-full` to match a neighbouring panel's height. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className={`rounded-[var(--radius-card)] border border-line bg-surface p-4 shadow-[var(--shadow-card)] sm:p-6 ${className}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
        {actions}
      </div>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
