import { ISSUE_STATUSES, type IssueReportSummary, type IssueStatus } from '@insightra/contract';
import { ChevronRight, Image, Inbox, Mail } from 'lucide-react';
import { useId } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { ISSUES_PAGE_SIZE, useAdminIssues } from '../api/get-issues';
import { formatDateTime } from '../lib/format';
import { IssueStatusBadge } from './issue-status-badge';
import { Pager } from './pager';
import { EmptyState, ErrorState } from './state-blocks';

const FILTERS: { value: IssueStatus | null; label: string }[] = [
  { value: null, label: 'All' },
  ...ISSUE_STATUSES.map((s) => ({ value: s, label: s === 'open' ? 'Open' : 'Resolved' })),
];

interface IssuesPanelProps {
  status: IssueStatus | null;
  page: number;
  onChange(next: { status: IssueStatus | null; page: number }): void;
  onOpen(id: number): void;
}

/** The inbox of issue reports and contact messages, newest first, filterable by status. */
export function IssuesPanel({ status, page, onChange, onOpen }: IssuesPanelProps) {
  const headingId = useId();
  const issues = useAdminIssues({ status, page });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h2 id={headingId} className="sr-only">
        Issue reports
      </h2>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Show</legend>
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            aria-pressed={status === f.value}
            onClick={() => onChange({ status: f.value, page: 1 })}
            className={`h-8 rounded-full border px-3 text-sm font-medium transition-colors ${
              status === f.value
                ? 'border-brand bg-brand text-white'
                : 'border-line bg-surface text-ink hover:bg-page'
            }`}
          >
            {f.label}
          </button>
        ))}
      </fieldset>

      {issues.isPending ? (
        <Spinner text="Loading issue reports..." className="py-12" />
      ) : issues.isError && !issues.data ? (
        <ErrorState
          title="Failed to load issue reports"
          detail={errorMessage(issues.error, '')}
          onRetry={() => issues.refetch()}
        />
      ) : issues.data.data.length === 0 ? (
        <EmptyState
          title={status ? `No ${status} issue reports` : 'No issue reports yet'}
          icon={<Inbox aria-hidden="true" className="size-8" />}
        />
      ) : (
        <>
          <ul
            aria-label="Issue reports"
            className={`divide-y divide-line overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface shadow-[var(--shadow-card)] ${
              issues.isPlaceholderData ? 'opacity-60' : ''
            }`}
          >
            {issues.data.data.map((issue) => (
              <IssueRow key={issue.id} issue={issue} onOpen={onOpen} />
            ))}
          </ul>
          <Pager
            page={issues.data.pagination.page}
            pageSize={ISSUES_PAGE_SIZE}
            total={issues.data.pagination.total}
            noun="reports"
            busy={issues.isPlaceholderData}
            onPage={(next) => onChange({ status, page: next })}
          />
        </>
      )}
    </section>
  );
}

function IssueRow({ issue, onOpen }: { issue: IssueReportSummary; onOpen(id: number): void }) {
  const type =
    issue.kind === 'contact'
      ? 'Contact message'
      : issue.issueType === 'Other'
        ? issue.issueTypeOther || 'Other'
        : issue.issueType;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(issue.id)}
        className="flex w-full items-center gap-4 px-4 py-3 text-left hover:bg-page sm:px-5"
      >
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="truncate font-semibold text-ink">{issue.subject}</span>
            <IssueStatusBadge status={issue.status} />
          </span>
          <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1">
              {issue.kind === 'contact' && <Mail aria-hidden="true" className="size-3.5" />}
              {type}
            </span>
            <span>{issue.name}</span>
            <time dateTime={issue.created_at} className="tabular">
              {formatDateTime(issue.created_at)}
            </time>
            {issue.hasScreenshot && (
              <span className="inline-flex items-center gap-1">
                <Image aria-hidden="true" className="size-3.5" />
                Screenshot
              </span>
            )}
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted" />
      </button>
    </li>
  );
}
