import { MESSAGES, PATHS, type UploadLog } from '@insightra/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FileSpreadsheet, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { OrganisationSwitcher } from '../../../components/organisation/organisation-switcher';
import { usePermittedControl } from '../../../components/organisation/permitted-control';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  activityKey,
  activityQuery,
  downloadUploadFile,
  type FileKind,
  NoTokenError,
  purgeUploads,
} from '../api/activity-api';
import { ActivityTable } from '../components/activity-table';
import { LoadError } from '../components/load-error';
import { RefreshHistory } from '../components/refresh-history';

function rejectedName(log: UploadLog) {
  const ext = /\.(csv|xlsx|xls)$/i.exec(log.file_name)?.[0] ?? '.csv';
  return `${log.file_name.replace(/\.(csv|xlsx|xls)$/i, '')}-rejected${ext}`;
}

export function ActivityPage() {
  usePageTitle('Activity Logs');
  const toast = useToast();
  const queryClient = useQueryClient();
  const viewer = useSession().user;
  const logs = useQuery({ ...activityQuery(viewer), retry: false });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const purgeAllowed = usePermittedControl('uploads.purge');

  const list = logs.data ?? [];
  const selectable = list.filter((l) => l.status !== 0);
  const chosen = selectable.filter((l) => selected.has(l.id)).map((l) => l.id);

  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((prev) =>
      selectable.every((l) => prev.has(l.id)) ? new Set() : new Set(selectable.map((l) => l.id)),
    );

  const download = async (log: UploadLog, kind: FileKind) => {
    const url = kind === 'original' ? log.originalFileUrl : log.rejectedFileUrl;
    if (!url) return;
    setDownloading(`${log.id}:${kind}`);
    try {
      await downloadUploadFile(url, kind, kind === 'original' ? log.file_name : rejectedName(log));
    } catch (err) {
      if (err instanceof NoTokenError) toast.error(MESSAGES.activity.noToken);
      else if (err instanceof ApiError && err.status === 410) toast.error(MESSAGES.activity.fileGone);
      else toast.error(MESSAGES.activity.downloadFailed(kind));
    } finally {
      setDownloading(null);
    }
  };

  const purge = useMutation({
    mutationFn: purgeUploads,
    // Stays pending until the list shows what is left.
    onSuccess: async (count) => {
      if (count === 0) toast.warning(MESSAGES.activity.noneDeleted);
      else toast.success(MESSAGES.activity.deleted(count));
      setSelected(new Set());
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: activityKey(viewer) });
    },
    onError: (err) =>
      toast.error(err instanceof NoTokenError ? MESSAGES.activity.noToken : MESSAGES.activity.purgeFailed),
  });

  let body: React.ReactNode;
  if (logs.isPending) body = <Spinner text="Loading activity logs..." className="py-24" />;
  else if (logs.isError) {
    const noToken = logs.error instanceof NoTokenError;
    body = (
      <LoadError
        message={noToken ? MESSAGES.activity.noToken : MESSAGES.activity.fetchFailed}
        action={
          noToken ? (
            <Link to={PATHS.login} className={buttonClasses('secondary')}>
              Log in
            </Link>
          ) : (
            <Button variant="secondary" onClick={() => void logs.refetch()}>
              Try Again
            </Button>
          )
        }
      />
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState
        icon={<FileSpreadsheet className="size-10" />}
        message={MESSAGES.activity.empty}
        action={
          <Link to={PATHS.dashboard} className={buttonClasses('primary')}>
            Upload from the dashboard
          </Link>
        }
      />
    );
  } else {
    body = (
      <ActivityTable
        logs={list}
        selected={selected}
        onToggle={toggle}
        onToggleAll={toggleAll}
        onDownload={(log, kind) => void download(log, kind)}
        downloading={downloading}
      />
    );
  }

  return (
    <section className="flex-1 bg-page">
      <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-10 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">Activity Logs</h1>
            <p className="mt-1 text-muted">
              Your organisation's uploads and report refreshes, newest first: who did them, and each upload's
              results and files.
            </p>
          </div>
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <OrganisationSwitcher className="max-w-full sm:max-w-xs" />
            <Link to={PATHS.dashboard} className={buttonClasses('secondary')}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to Dashboard
            </Link>
          </div>
        </div>

        <section aria-labelledby="upload-history-heading" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="upload-history-heading" className="text-xl font-semibold tracking-tight text-ink">
                Uploads
              </h2>
              {list.length > 0 && (
                <p className="mt-1 text-sm text-muted" aria-live="polite">
                  {chosen.length
                    ? `${chosen.length} selected`
                    : `${list.length} upload${list.length === 1 ? '' : 's'}`}
                </p>
              )}
            </div>
            {list.length > 0 && (
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  icon={
                    <RefreshCw
                      aria-hidden="true"
                      className={`size-4 ${logs.isFetching ? 'animate-spin' : ''}`}
                    />
                  }
                  onClick={() => void logs.refetch()}
                >
                  Reload
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  icon={<Trash2 aria-hidden="true" className="size-4" />}
                  disabled={chosen.length === 0}
                  onClick={() => setConfirming(true)}
                  {...purgeAllowed.props}
                >
                  Purge selected
                </Button>
                {purgeAllowed.note}
              </div>
            )}
          </div>

          {body}
        </section>

        <RefreshHistory />
      </div>

      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        dismissible={!purge.isPending}
        size="sm"
        title={`Purge ${chosen.length} upload${chosen.length === 1 ? '' : 's'}?`}
        description="Their rows and files are removed for good; the logs stay in the list as Deleted."
        footer={
          <>
            <Button variant="secondary" disabled={purge.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={purge.isPending}
              loadingText="Purging..."
              onClick={() => purge.mutate(chosen)}
            >
              Purge
            </Button>
          </>
        }
      >
        <ul className="max-h-40 list-disc overflow-auto pl-5 text-sm text-ink">
          {selectable
            .filter((l) => selected.has(l.id))
            .map((l) => (
              <li key={l.id} className="truncate">
                {l.file_name}
              </li>
            ))}
        </ul>
      </Modal>
    </section>
  );
}
