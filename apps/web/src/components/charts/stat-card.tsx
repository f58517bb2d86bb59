import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: string;
  /** A short line under the value ('of 2,800 students'). */
  hint?: ReactNode;
  icon?: ReactNode;
}

/** One headline figure. A term/definition pair, so the label names the value for assistive tech. */
export function StatCard({ label, value, hint, icon }: StatCardProps) {
  return (
    <div className="relative rounded-[var(--radius-card)] border border-line bg-surface p-5 shadow-[var(--shadow-card)]">
      {icon ? (
        <span aria-hidden="true" className="absolute top-5 right-5 text-brand">
          {icon}
        </span>
      ) : null}
      <dl>
        <div>
          <dt className={`text-sm font-medium text-muted ${icon ? 'pr-8' : ''}`}>{label}</dt>
          <dd className="tabular mt-2 text-2xl font-semibold tracking-tight text-ink sm:text-3xl">{value}</dd>
          {hint ? <dd className="mt-1 text-sm text-muted">{hint}</dd> : null}
        </div>
      </dl>
    </div>
  );
}
