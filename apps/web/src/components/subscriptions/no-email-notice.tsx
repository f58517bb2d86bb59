import { SUBSCRIPTION_MESSAGES } from '@insightra/contract';
import { MailWarning } from 'lucide-react';

/** Why nothing can be subscribed: the server has no e-mail set up. */
export function NoEmailNotice({ id }: { id?: string }) {
  return (
    <p
      id={id}
      className="flex items-start gap-2 rounded-[var(--radius-control)] border border-warning/40 bg-warning-soft px-3 py-2 text-sm text-ink"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      {SUBSCRIPTION_MESSAGES.noSmtp}
    </p>
  );
}
