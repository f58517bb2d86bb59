import type { HealthState } from '@insightra/contract';

const STYLES: Record<HealthState, { text: string; dot: string }> = {
  checking: { text: 'Checking server...', dot: 'bg-muted animate-pulse' },
  healthy: { text: 'Server connected', dot: 'bg-success' },
  unhealthy: { text: 'Server unavailable', dot: 'bg-error' },
};

/** The server-health state as a small status pill. */
export function HealthBadge({ health }: { health: HealthState }) {
  const style = STYLES[health];
  return (
    <span
      role="status"
      className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-2.5 py-1 text-xs font-medium text-muted"
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${style.dot}`} />
      {style.text}
    </span>
  );
}
