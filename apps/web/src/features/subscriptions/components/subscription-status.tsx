import type { Subscription } from '@insightra/contract';
import { AlertTriangle, CheckCircle2, Clock, PauseCircle } from 'lucide-react';
import { localDateTime } from '../../../lib/subscriptions/schedule-text';

/** Where a subscription stands: paused, failing (with the latest failure's reason), sent, or waiting. */
export function SubscriptionStatus({ subscription: s }: { subscription: Subscription }) {
  if (s.paused)
    return (
      <span className="inline-flex items-center gap-1.5 text-sm text-muted">
        <PauseCircle aria-hidden="true" className="size-4" /> Paused
      </span>
    );
  if (s.lastError)
    return (
      <span className="inline-flex items-start gap-1.5 text-sm text-error">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <span className="font-medium">Failing:</span> {s.lastError}
        </span>
      </span>
    );
  if (s.lastSentAt)
    return (
      <span className="inline-flex items-center gap-1.5 text-sm text-success">
        <CheckCircle2 aria-hidden="true" className="size-4" /> Last sent {localDateTime(s.lastSentAt)}
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-muted">
      <Clock aria-hidden="true" className="size-4" /> Not sent yet
    </span>
  );
}
