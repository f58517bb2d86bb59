import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function ProfileSection({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  const id = `profile-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-[var(--radius-card)] border border-line bg-surface p-5 shadow-[var(--shadow-card)] sm:p-6"
    >
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-ink">
        <Icon aria-hidden="true" className="size-5 text-brand" />
        {title}
      </h2>
      <dl className="mt-4 divide-y divide-line">{children}</dl>
    </section>
  );
}

/** One read-only fact: a label and its value. */
export function ProfileRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-ink sm:text-right">{children}</dd>
    </div>
  );
}
