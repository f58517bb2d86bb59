import { MESSAGES } from '@insightra/contract';
import { AlertTriangle, RotateCcw } from 'lucide-react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

/** The loading state of a chart page: a spinner with its text, holding the chart's place. */
export function ChartLoading({ text = 'Loading chart data...' }: { text?: string }) {
  return (
    <div className="flex min-h-72 items-center justify-center rounded-[var(--radius-card)] border border-line bg-surface">
      <Spinner text={text} />
    </div>
  );
}

export interface ChartErrorProps {
  /** The message of docs/PRODUCT.md#demo-charts for the chart ('Failed to fetch grades data'). */
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** The error state of a chart page: 'Error Loading Data', the message, and Try Again. */
export function ChartError({ message, onRetry, retrying = false }: ChartErrorProps) {
  return (
    <div
      role="alert"
      className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-[var(--radius-card)] border border-error/30 bg-error-soft px-6 py-10 text-center"
    >
      <AlertTriangle aria-hidden="true" className="size-8 text-error" />
      <h2 className="text-lg font-semibold text-ink">{MESSAGES.charts.errorTitle}</h2>
      <p className="text-muted">{message}</p>
      <Button
        variant="secondary"
        className="mt-2"
        onClick={onRetry}
        loading={retrying}
        loadingText="Retrying..."
        icon={<RotateCcw aria-hidden="true" className="size-4" />}
      >
        Try Again
      </Button>
    </div>
  );
}
