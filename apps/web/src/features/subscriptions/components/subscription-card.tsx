import type { Subscription } from '@insightra/contract';
import { ChevronDown, Pause, Pencil, Play, Send, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { localDateTime, scheduleText } from '../../../lib/subscriptions/schedule-text';
import { DeliveriesList } from './deliveries-list';
import { SubscriptionStatus } from './subscription-status';

/** Names shown before "and N more". */
const NAMES_SHOWN = 3;

export interface SubscriptionCardProps {
  subscription: Subscription;
  /** Its creator or an owner may change it; a recipient only reads it. */
  editable: boolean;
  /** The change under way: its buttons wait. */
  busy: 'pause' | 'sendNow' | 'remove' | null;
  onEdit: () => void;
  onPause: () => void;
  onSendNow: () => void;
  onDelete: () => void;
}

function Detail({
  term,
  className = '',
  children,
}: {
  term: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm text-ink">{children}</dd>
    </div>
  );
}

function recipientsText(s: Subscription) {
  const names = s.recipients.map((r) => r.name);
  if (names.length <= NAMES_SHOWN) return names.join(', ') || '—';
  return `${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more`;
}

/** One subscription: its report, schedule, next run, recipients and status, its actions and deliveries. */
export function SubscriptionCard({ subscription: s, editable, busy, ...on }: SubscriptionCardProps) {
  const headingId = useId();
  const deliveriesId = useId();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const about = <span className="sr-only"> {s.reportName}</span>;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-[var(--radius-card)] border border-line bg-surface p-4 shadow-[var(--shadow-card)] sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-lg font-semibold text-ink">
            {s.reportName}
          </h2>
          <p className="text-sm text-muted">
            {scheduleText(s)}
            {s.skipWithoutNewData && ' · skipped without new data'}
          </p>
        </div>
        {editable ? (
          <div className="flex flex-wrap gap-1.5">
            <Button
              variant="secondary"
              size="sm"
              icon={<Pencil aria-hidden="true" className="size-4" />}
              disabled={Boolean(busy)}
              onClick={on.onEdit}
            >
              Edit{about}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              icon={
                s.paused ? (
                  <Play aria-hidden="true" className="size-4" />
                ) : (
                  <Pause aria-hidden="true" className="size-4" />
                )
              }
              loading={busy === 'pause'}
              disabled={Boolean(busy)}
              onClick={on.onPause}
            >
              {s.paused ? 'Resume' : 'Pause'}
              {about}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              icon={<Send aria-hidden="true" className="size-4" />}
              loading={busy === 'sendNow'}
              disabled={Boolean(busy)}
              onClick={on.onSendNow}
            >
              Send now{about}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-error"
              icon={<Trash2 aria-hidden="true" className="size-4" />}
              disabled={Boolean(busy)}
              onClick={on.onDelete}
            >
              Delete{about}
            </Button>
          </div>
        ) : (
          <p className="text-xs text-muted">
            {s.createdBy ? `Made by ${s.createdBy.name}` : 'You receive it'}; only its creator or an owner can
            change it.
          </p>
        )}
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Detail term="Next run">
          {s.paused ? 'Paused' : s.nextRunAt ? localDateTime(s.nextRunAt) : '—'}
        </Detail>
        <Detail term="Recipients">
          <span title={s.recipients.map((r) => r.email ?? r.name).join(', ')}>{recipientsText(s)}</span>
        </Detail>
        <Detail term="Status" className="sm:col-span-2">
          <SubscriptionStatus subscription={s} />
        </Detail>
      </dl>
      <div className="mt-3 border-t border-line pt-2">
        <button
          type="button"
          aria-expanded={showDeliveries}
          aria-controls={deliveriesId}
          onClick={() => setShowDeliveries((v) => !v)}
          className="inline-flex items-center gap-1 rounded-md py-1 text-sm font-medium text-brand hover:underline"
        >
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${showDeliveries ? 'rotate-180' : ''}`}
          />
          Deliveries{about}
        </button>
        <div id={deliveriesId} hidden={!showDeliveries}>
          {showDeliveries && <DeliveriesList subscriptionId={s.id} />}
        </div>
      </div>
    </article>
  );
}
