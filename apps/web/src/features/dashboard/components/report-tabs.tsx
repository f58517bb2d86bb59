import type { Report } from '@insightra/contract';
import { Plus, Trash2 } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { usePermittedControl } from '../../../components/organisation/permitted-control';
import { buttonClasses } from '../../../components/ui/button';

export interface ReportTabsProps {
  reports: Report[];
  selectedId: number | null;
  onSelect: (report: Report) => void;
  onAdd: () => void;
  onDelete: (report: Report) => void;
  /** id of the panel the tabs control. */
  panelId: string;
  /** More buttons at the end of the row (the undock toggle). */
  actions?: ReactNode;
}

/** The tier's report tabs: arrows move between them (roving focus); the selected one can be deleted. */
export function ReportTabs({
  reports,
  selectedId,
  onSelect,
  onAdd,
  onDelete,
  panelId,
  actions,
}: ReportTabsProps) {
  const refs = useRef(new Map<number, HTMLButtonElement>());
  const manage = usePermittedControl('reports.manage');
  const selectedReport = reports.find((r) => r.id === selectedId);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % reports.length,
      ArrowLeft: (index - 1 + reports.length) % reports.length,
      Home: 0,
      End: reports.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = reports[moves[event.key]!]!;
    onSelect(next);
    refs.current.get(next.id)?.focus();
  };
  return (
    <div className="flex min-w-0 items-end gap-2 border-b border-line">
      <div role="tablist" aria-label="Reports" className="flex min-w-0 flex-1 gap-1 overflow-x-auto">
        {reports.map((report, index) => {
          const selected = report.id === selectedId;
          return (
            <button
              key={report.id}
              ref={(el) => {
                if (el) refs.current.set(report.id, el);
                else refs.current.delete(report.id);
              }}
              type="button"
              role="tab"
              id={`report-tab-${report.id}`}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSelect(report)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={`max-w-56 shrink-0 truncate rounded-t-[var(--radius-control)] border-b-2 px-3 py-2 text-sm font-medium ${
                selected
                  ? 'border-brand bg-surface text-brand'
                  : 'border-transparent text-muted hover:bg-surface/70 hover:text-ink'
              }`}
            >
              {report.report_type}
            </button>
          );
        })}
      </div>
      {selectedReport && (
        <button
          type="button"
          onClick={() => onDelete(selectedReport)}
          aria-label={`Delete report ${selectedReport.report_type}`}
          title={`Delete report ${selectedReport.report_type}`}
          className="mb-1 inline-flex size-8 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-muted hover:bg-error-soft hover:text-error disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent disabled:hover:text-muted"
          {...manage.props}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      )}
      <button
        type="button"
        onClick={onAdd}
        className={buttonClasses('link', 'sm', 'mb-1 shrink-0')}
        {...manage.props}
      >
        <Plus aria-hidden="true" className="size-4" />
        <span className="sr-only sm:not-sr-only">Add Report</span>
      </button>
      {manage.note}
      {actions}
    </div>
  );
}
