import type { ReactNode } from 'react';

/** The design system's empty-state block: an icon, a message and an optional action. */
export function EmptyState({
  icon,
  message,
  action,
}: {
  icon?: ReactNode;
  message: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex h-full min-h-64 flex-col items-center justify-center gap-4 rounded-[var(--radius-card)] border border-dashed border-line bg-surface px-6 py-12 text-center">
      {icon && (
        <span aria-hidden="true" className="text-brand">
          {icon}
        </span>
      )}
      <p className="max-w-md text-base text-ink">{message}</p>
      {action}
    </div>
  );
}
