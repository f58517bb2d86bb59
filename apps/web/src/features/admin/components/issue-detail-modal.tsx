import { type IssueReportDetails, MESSAGES } from '@insightra/contract';
import { ImageOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast/toast-context';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAdminIssue } from '../api/get-issue';
import { useIssueScreenshot } from '../api/issue-screenshot';
import { useSetIssueStatus } from '../api/set-issue-status';
import { formatDateTime } from '../lib/format';
import { IssueStatusBadge } from './issue-status-badge';
import { ErrorState } from './state-blocks';

/** One issue report: who, what, the description, the screenshot, and its status to change. */
export function IssueDetailModal({ id, onClose }: { id: number | null; onClose(): void }) {
  const issue = useAdminIssue(id);
  const data = issue.data?.data;
  return (
    <Modal
      open={id !== null}
      onClose={onClose}
      size="lg"
      title={data?.subject ?? 'Issue report'}
      footer={data ? <StatusActions issue={data} onClose={onClose} /> : undefined}
    >
      {issue.isPending ? (
        <Spinner text="Loading issue report..." className="py-10" />
      ) : issue.isError ? (
        <ErrorState title="Failed to load the issue report" detail={errorMessage(issue.error, '')} />
      ) : (
        <IssueBody issue={issue.data.data} />
      )}
    </Modal>
  );
}

function IssueBody({ issue }: { issue: IssueReportDetails }) {
  const type =
    issue.kind === 'contact'
      ? 'Contact message'
      : issue.issueType === 'Other'
        ? `Other: ${issue.issueTypeOther ?? ''}`
        : (issue.issueType ?? 'NA');
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Field label="Status">
          <IssueStatusBadge status={issue.status} />
        </Field>
        <Field label="Type">{type}</Field>
        <Field label="From">{issue.name}</Field>
        <Field label="Email">
          {issue.email ? (
            <a className="text-brand underline-offset-2 hover:underline" href={`mailto:${issue.email}`}>
              {issue.email}
            </a>
          ) : (
            'NA'
          )}
        </Field>
        <Field label="Received">
          <time dateTime={issue.created_at}>{formatDateTime(issue.created_at)}</time>
        </Field>
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-ink">Description</h3>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-ink">{issue.description}</p>
      </div>
      {issue.screenshotUrl && <Screenshot id={issue.id} />}
    </div>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-ink">{children}</dd>
    </div>
  );
}

function Screenshot({ id }: { id: number }) {
  const shot = useIssueScreenshot(id, true);
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold text-ink">Screenshot</figcaption>
      {shot.url ? (
        <>
          <img
            src={shot.url}
            alt={`Screenshot attached to issue report ${id}`}
            className="max-h-[60vh] w-full rounded-[var(--radius-control)] border border-line bg-page object-contain"
          />
          {/* A blob: URL of this page: opening it carries no token. */}
          <a
            href={shot.url}
            target="_blank"
            rel="noopener"
            className="self-start text-sm font-medium text-brand underline-offset-2 hover:underline"
          >
            Open full size
          </a>
        </>
      ) : shot.error ? (
        <p className="flex items-center gap-2 rounded-[var(--radius-control)] border border-line bg-page p-4 text-sm text-muted">
          <ImageOff aria-hidden="true" className="size-4" />
          {shot.error instanceof ApiError && shot.error.status === 410
            ? MESSAGES.activity.fileGone
            : errorMessage(shot.error, 'The screenshot could not be loaded')}
        </p>
      ) : (
        <Spinner
          text="Loading screenshot..."
          className="rounded-[var(--radius-control)] border border-line py-10"
        />
      )}
    </figure>
  );
}

function StatusActions({ issue, onClose }: { issue: IssueReportDetails; onClose(): void }) {
  const toast = useToast();
  const setStatus = useSetIssueStatus(issue.id);
  const next = issue.status === 'open' ? 'resolved' : 'open';
  return (
    <>
      <Button variant="secondary" onClick={onClose}>
        Back to inbox
      </Button>
      <Button
        variant={next === 'resolved' ? 'primary' : 'secondary'}
        loading={setStatus.isPending}
        loadingText={MESSAGES.other.saving}
        onClick={() =>
          setStatus.mutate(next, {
            onSuccess: (res) => toast.success(res.message),
            onError: (err) => toast.error(errorMessage(err, 'Failed to update the issue report')),
          })
        }
      >
        {next === 'resolved' ? 'Mark as resolved' : 'Reopen'}
      </Button>
    </>
  );
}
