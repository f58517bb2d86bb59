import type { ReactNode } from 'react';

/**
 * A page of one message and its actions, centred on the page background: what a link from an e-mail
 * opens (an invitation, an unsubscribe link, a confirmation or password-reset link). The title and text
 * are announced when they change.
 */
export function NoticeCard({
  icon,
  title,
  children,
  footer,
}: {
  icon: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  /** Actions and forms under the message. */
  footer?: ReactNode;
}) {
  return (
    <section className="flex flex-1 items-center justify-center bg-page px-4 py-16">
      <div className="flex w-full max-w-lg flex-col items-center gap-4 rounded-[var(--radius-card)] border border-line bg-surface p-6 text-center shadow-[var(--shadow-card)] sm:p-10">
        {icon}
        <div role="status" className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold text-ink">{title}</h1>
          {children && <div className="text-muted">{children}</div>}
        </div>
        {footer}
      </div>
    </section>
  );
}
