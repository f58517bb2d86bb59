import { type RefreshState, successRateBand } from '@insightra/contract';

const BAND_CLASSES = {
  high: 'bg-success-soft text-success',
  medium: 'bg-warning-soft text-warning',
  low: 'bg-error-soft text-error',
} as const;

const BAND_LABELS = { high: 'High', medium: 'Medium', low: 'Low' } as const;

const pill = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold tabular-nums';

/** Success rate with two decimals, coloured by band (≥ 90 high, ≥ 70 medium, else low). */
export function SuccessRateBadge({ rate }: { rate: number }) {
  const band = successRateBand(rate);
  return (
    <span className={`${pill} ${BAND_CLASSES[band]}`} data-band={band}>
      {rate.toFixed(2)}%<span className="sr-only"> ({BAND_LABELS[band]})</span>
    </span>
  );
}

/** Active, or Deleted for status 0. */
export function StatusBadge({ status }: { status: number }) {
  const deleted = status === 0;
  return (
    <span className={`${pill} ${deleted ? 'bg-line text-muted' : 'bg-brand-soft text-brand-strong'}`}>
      <span aria-hidden="true" className={`size-1.5 rounded-full ${deleted ? 'bg-muted' : 'bg-brand'}`} />
      {deleted ? 'Deleted' : 'Active'}
    </span>
  );
}

const REFRESH_BADGES: Record<RefreshState, { label: string; className: string }> = {
  starting: { label: 'Queued', className: 'bg-info-soft text-info' },
  in_progress: { label: 'In progress', className: 'bg-info-soft text-info' },
  refreshing: { label: 'Refreshing', className: 'bg-warning-soft text-warning' },
  completed: { label: 'Completed', className: 'bg-success-soft text-success' },
  failed: { label: 'Failed', className: 'bg-error-soft text-error' },
};

/** A refresh job's state, one colour per state. */
export function RefreshStatusBadge({ status }: { status: RefreshState }) {
  const { label, className } = REFRESH_BADGES[status];
  return <span className={`${pill} ${className}`}>{label}</span>;
}
