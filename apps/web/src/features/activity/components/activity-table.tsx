import type { UploadLog } from '@insightra/contract';
import { Download, FileX2 } from 'lucide-react';
import type { FileKind } from '../api/activity-api';
import { StatusBadge, SuccessRateBadge } from './badges';
import { formatCount, formatDate } from './format';

export interface ActivityTableProps {
  logs: UploadLog[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  onDownload: (log: UploadLog, kind: FileKind) => void;
  downloading: string | null;
}

const th =
  'sticky top-0 z-10 bg-surface px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-muted';
const td = 'px-3 py-3 align-middle';
const fileButton =
  'inline-flex items-center gap-1 rounded-[var(--radius-control)] px-2 py-1 text-sm font-medium text-brand hover:bg-brand-soft disabled:text-muted disabled:hover:bg-transparent';

function FileButtons({
  log,
  onDownload,
  downloading,
}: Pick<ActivityTableProps, 'onDownload' | 'downloading'> & { log: UploadLog }) {
  const button = (kind: FileKind, url: string | null, label: string) => {
    if (!url) {
      return (
        <span className="inline-flex items-center gap-1 px-2 py-1 text-sm text-muted">
          <FileX2 aria-hidden="true" className="size-4" />
          {kind === 'rejected' ? 'No rejected rows' : 'No file'}
        </span>
      );
    }
    const busy = downloading === `${log.id}:${kind}`;
    return (
      <button
        type="button"
        className={fileButton}
        disabled={busy}
        aria-label={`Download ${kind} file of ${log.file_name}`}
        onClick={() => onDownload(log, kind)}
      >
        <Download aria-hidden="true" className={`size-4 ${busy ? 'animate-pulse' : ''}`} />
        {label}
      </button>
    );
  };
  return (
    <div className="flex flex-wrap gap-1">
      {button('original', log.originalFileUrl, 'Original')}
      {button('rejected', log.rejectedFileUrl, 'Rejected')}
    </div>
  );
}

function SelectBox({
  log,
  selected,
  onToggle,
}: {
  log: UploadLog;
  selected: boolean;
  onToggle: (id: number) => void;
}) {
  return (
    <input
      type="checkbox"
      className="size-4 accent-[var(--color-brand)]"
      checked={selected}
      disabled={log.status === 0}
      onChange={() => onToggle(log.id)}
      aria-label={`Select ${log.file_name} (${formatDate(log.date)})`}
    />
  );
}

/** Who uploaded it; a removed account's uploads stay, unnamed. */
const uploaderName = (log: UploadLog) => log.uploaded_by.name || '—';

/**
 * The upload history: a table with a sticky header from the sm breakpoint up, a list of cards on
 * phones. Deleted logs stay listed (the audit trail) but cannot be selected again.
 */
export function ActivityTable(props: ActivityTableProps) {
  const { logs, selected, onToggle, onToggleAll } = props;
  const selectable = logs.filter((l) => l.status !== 0);
  const allSelected = selectable.length > 0 && selectable.every((l) => selected.has(l.id));
  return (
    <>
      <div className="hidden max-h-[70vh] overflow-auto rounded-[var(--radius-card)] border border-line bg-surface shadow-[var(--shadow-card)] md:block">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Upload history, newest first</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className={`${th} w-10`}>
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--color-brand)]"
                  checked={allSelected}
                  disabled={selectable.length === 0}
                  onChange={onToggleAll}
                  aria-label="Select all active uploads"
                />
              </th>
              <th scope="col" className={th}>
                File name
              </th>
              <th scope="col" className={th}>
                Date
              </th>
              <th scope="col" className={th}>
                Uploaded by
              </th>
              <th scope="col" className={`${th} text-right`}>
                Processed
              </th>
              <th scope="col" className={`${th} text-right`}>
                Accepted
              </th>
              <th scope="col" className={`${th} text-right`}>
                Failed
              </th>
              <th scope="col" className={th}>
                Success rate
              </th>
              <th scope="col" className={th}>
                Status
              </th>
              <th scope="col" className={th}>
                Files
              </th>
            </tr>
          </thead>
          <tbody>
            {logs.map((log) => (
              <tr
                key={log.id}
                className={`border-b border-line last:border-0 ${selected.has(log.id) ? 'bg-brand-soft/40' : 'hover:bg-page'}`}
              >
                <td className={td}>
                  <SelectBox log={log} selected={selected.has(log.id)} onToggle={onToggle} />
                </td>
                <td className={`${td} max-w-64 truncate font-medium text-ink`} title={log.file_name}>
                  {log.file_name}
                </td>
                <td className={`${td} whitespace-nowrap text-muted`}>{formatDate(log.date)}</td>
                <td className={`${td} max-w-40 truncate text-ink`}>{uploaderName(log)}</td>
                <td className={`${td} text-right tabular-nums`}>{formatCount(log.total_processed)}</td>
                <td className={`${td} text-right tabular-nums`}>{formatCount(log.total_accepted)}</td>
                <td className={`${td} text-right tabular-nums`}>{formatCount(log.total_failed)}</td>
                <td className={td}>
                  <SuccessRateBadge rate={log.success_rate} />
                </td>
                <td className={td}>
                  <StatusBadge status={log.status} />
                </td>
                <td className={td}>
                  <FileButtons log={log} onDownload={props.onDownload} downloading={props.downloading} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden" aria-label="Upload history, newest first">
        {logs.map((log) => (
          <li
            key={log.id}
            className={`rounded-[var(--radius-card)] border bg-surface p-4 shadow-[var(--shadow-card)] ${selected.has(log.id) ? 'border-brand' : 'border-line'}`}
          >
            <div className="flex items-start gap-3">
              <SelectBox log={log} selected={selected.has(log.id)} onToggle={onToggle} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-ink" title={log.file_name}>
                  {log.file_name}
                </p>
                <p className="text-sm text-muted">{formatDate(log.date)}</p>
                <p className="truncate text-sm text-muted">Uploaded by {uploaderName(log)}</p>
              </div>
              <StatusBadge status={log.status} />
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              {(
                [
                  ['Processed', log.total_processed],
                  ['Accepted', log.total_accepted],
                  ['Failed', log.total_failed],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-[var(--radius-control)] bg-page px-2 py-1.5">
                  <dt className="text-xs text-muted">{label}</dt>
                  <dd className="font-semibold tabular-nums text-ink">{formatCount(value)}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <span className="flex items-center gap-2 text-sm text-muted">
                Success rate <SuccessRateBadge rate={log.success_rate} />
              </span>
              <FileButtons log={log} onDownload={props.onDownload} downloading={props.downloading} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
