import { PATHS, successRateBand } from '@insightra/contract';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import type { UploadAnswer } from './upload-request';

export type UploadPhase =
  | { kind: 'uploading'; fileName: string; sent: number; total: number }
  | { kind: 'processing'; fileName: string }
  | { kind: 'done'; fileName: string; result: UploadAnswer };

const COUNT = new Intl.NumberFormat('en-IN');
const BAND = {
  high: 'bg-success-soft text-success',
  medium: 'bg-warning-soft text-warning',
  low: 'bg-error-soft text-error',
} as const;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** The panel under the upload buttons: progress while sending, a processing state, then the statistics. */
export function UploadStatus({ phase, onClose }: { phase: UploadPhase; onClose: () => void }) {
  const percent =
    phase.kind === 'uploading' && phase.total ? Math.round((phase.sent / phase.total) * 100) : 0;
  return (
    <section
      aria-label="Upload status"
      className="fixed inset-x-4 top-36 z-30 rounded-[var(--radius-card)] border border-line bg-surface p-4 text-sm shadow-[var(--shadow-card)] sm:absolute sm:inset-x-auto sm:left-0 sm:top-full sm:mt-2 sm:w-[22rem]"
    >
      <div className="mb-3 flex items-start justify-between gap-2">
        <p className="min-w-0 truncate font-semibold text-ink" title={phase.fileName}>
          {phase.fileName}
        </p>
        {phase.kind === 'done' && (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close upload results"
            className="-m-1 rounded-[var(--radius-control)] p-1 text-muted hover:bg-page hover:text-ink"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      {phase.kind === 'uploading' && (
        <div>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}% sent`}
            className="h-2 overflow-hidden rounded-full bg-line"
          >
            <div
              className="h-full rounded-full bg-brand transition-[width] duration-200 ease-out"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="mt-2 flex justify-between text-muted tabular-nums">
            <span>Uploading... {percent}%</span>
            <span>
              {formatBytes(phase.sent)} of {formatBytes(phase.total)}
            </span>
          </p>
        </div>
      )}
      {phase.kind === 'processing' && (
        <div role="status">
          <div
            role="progressbar"
            aria-label="Processing the file"
            className="h-2 overflow-hidden rounded-full bg-brand-soft"
          >
            <div className="h-full w-1/3 animate-pulse rounded-full bg-brand" />
          </div>
          <p className="mt-2 text-muted">Processing... validating and saving the rows.</p>
        </div>
      )}
      {phase.kind === 'done' && <UploadStatistics result={phase.result} />}
    </section>
  );
}

function UploadStatistics({ result }: { result: UploadAnswer }) {
  const band = successRateBand(result.successRate);
  const items = [
    ['Rows processed', COUNT.format(result.totalRowsProcessed)],
    ['Records inserted', COUNT.format(result.totalRecordsInserted)],
    ['Records failed', COUNT.format(result.totalRecordsFailed)],
  ] as const;
  return (
    <div role="status">
      <dl className="grid grid-cols-2 gap-2">
        {items.map(([label, value]) => (
          <div key={label} className="rounded-[var(--radius-control)] bg-page px-3 py-2">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-base font-semibold tabular-nums text-ink">{value}</dd>
          </div>
        ))}
        <div className="rounded-[var(--radius-control)] bg-page px-3 py-2">
          <dt className="text-xs text-muted">Success rate</dt>
          <dd>
            <span
              className={`mt-0.5 inline-block rounded-full px-2 py-0.5 text-sm font-semibold tabular-nums ${BAND[band]}`}
            >
              {result.successRate.toFixed(2)}%
            </span>
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-muted">
        {result.totalRecordsFailed > 0 ? 'Rejected rows, with reasons, are in ' : 'See all uploads in '}
        <Link to={PATHS.activity} className="font-medium text-brand underline-offset-2 hover:underline">
          Activity Logs
        </Link>
        .
      </p>
    </div>
  );
}
