import { PATHS } from '@insightra/contract';
import { MailWarning } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useFailingSubscriptions } from '../api/get-failing-subscriptions';

/**
 * The subscriptions whose e-mails fail, across organisations, with the reason: for administrators to
 * put right (a mail server refusing, an address gone). Nothing when none fails.
 */
export function FailingSubscriptions() {
  const headingId = useId();
  const { data } = useFailingSubscriptions();
  if (!data?.length) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-[var(--radius-card)] border border-error/30 bg-error-soft px-4 py-3"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-ink">
        <MailWarning aria-hidden="true" className="size-5 text-error" />
        Failing subscriptions ({data.length})
      </h2>
      <ul className="mt-2 divide-y divide-error/20 text-sm">
        {data.map((s) => (
          <li key={s.id} className="flex flex-wrap gap-x-3 gap-y-0.5 py-2">
            <Link
              to={PATHS.adminOrganisationOf(s.organisation.id)}
              className="font-medium text-ink underline-offset-2 hover:underline"
            >
              {s.organisation.name}
            </Link>
            <span className="text-ink">{s.reportName}</span>
            <span className="basis-full text-error sm:basis-auto">{s.lastError ?? 'Failed'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
