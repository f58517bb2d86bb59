import type { Delivery } from '@insightra/contract';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';
import { localDateTime } from '../../../lib/subscriptions/schedule-text';
import { deliveriesQuery } from '../api/subscription-actions';

const STATUS: Record<Delivery['status'], { label: string; className: string }> = {
  sent: { label: 'Sent', className: 'bg-success-soft text-success' },
  failed: { label: 'Failed', className: 'bg-error-soft text-error' },
  pending: { label: 'Pending', className: 'bg-info-soft text-info' },
  skipped: { label: 'Skipped', className: 'bg-page text-muted' },
  suppressed: { label: 'Not sent', className: 'bg-page text-muted' },
};

/** A subscription's latest deliveries: when, to whom, how it went, and why a failed one failed. */
export function DeliveriesList({ subscriptionId }: { subscriptionId: number }) {
  const deliveries = useQuery(deliveriesQuery(useSession().user, subscriptionId));
  if (deliveries.isPending) return <Spinner text="Loading deliveries..." className="py-4 text-sm" />;
  if (deliveries.isError)
    return (
      <p role="alert" className="py-2 text-sm text-error">
        {errorMessage(deliveries.error, 'The deliveries could not be loaded.')}
      </p>
    );
  if (deliveries.data.length === 0) return <p className="py-2 text-sm text-muted">Nothing sent yet.</p>;
  return (
    <ul aria-label="Deliveries" className="divide-y divide-line">
      {deliveries.data.map((d) => (
        <li key={d.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS[d.status].className}`}>
            {STATUS[d.status].label}
          </span>
          <span className="tabular text-ink">{localDateTime(d.sentAt ?? d.slot)}</span>
          <span className="min-w-0 truncate text-muted">{d.recipient.email ?? 'A former member'}</span>
          {d.attempts > 1 && <span className="text-xs text-muted">{d.attempts} attempts</span>}
          {d.error && <span className="basis-full text-error">{d.error}</span>}
        </li>
      ))}
    </ul>
  );
}
