import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: string;
  /** A short line under the value ('of 2,800 students'). */
  hint?: ReactNode;
  icon?: ReactNode;
}

/** One headline figure. Rendered as a term/definition pair so the label names the value for assistive tech. */
export function StatCard({ label, value, hint, icon }: StatCardProps) {
  return (
    <div className="rounded-[var(--radius-card)] border border-line bg-surface p-5 shadow-[var(--shadow-card)]">
      <dl>
        <div className="flex items-center justify-between gap-3">
          <dt className="text-sm font-medium text-muted">{label}</dt>
          {icon ? (
            <span aria-hidden="true" className="text-brand">
              {icon}
            </span>
          ) : null}
        </div>
        <dd className="tabular mt-2 text-2xl font-semibold tracking-tight text-ink sm:text-3xl">{value}</dd>
        {hint ? <dd className="mt-1 text-sm text-muted">{hint}</dd> : null}
      </dl>
    </div>
  );
}
