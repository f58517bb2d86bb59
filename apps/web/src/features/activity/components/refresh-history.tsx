import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { useRefreshQueue } from '../../../lib/bi/refresh-queue';
import { LoadError } from './load-error';
import { RefreshTable } from './refresh-table';

export const REFRESH_HISTORY_TEXT = {
  loading: 'Loading refreshes...',
  failed: 'Failed to fetch the refresh history',
  empty: 'No refreshes yet. Refresh Visuals on the dashboard brings new uploads into the reports.',
};

/** The organisation's latest report refreshes, below its uploads. */
export function RefreshHistory() {
  const queue = useRefreshQueue();
  let body: React.ReactNode;
  if (queue.isPending) body = <Spinner text={REFRESH_HISTORY_TEXT.loading} className="py-12" />;
  else if (queue.isError)
    body = (
      <LoadError
        message={REFRESH_HISTORY_TEXT.failed}
        action={
          <Button variant="secondary" onClick={() => void queue.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  else if (queue.data.jobs.length === 0)
    body = <EmptyState icon={<RefreshCw className="size-10" />} message={REFRESH_HISTORY_TEXT.empty} />;
  else body = <RefreshTable jobs={queue.data.jobs} />;

  return (
    <section aria-labelledby="refresh-history-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="refresh-history-heading" className="text-xl font-semibold tracking-tight text-ink">
          Refreshes
        </h2>
        <p className="mt-1 text-sm text-muted">
          The latest report refreshes, newest first, with who started them and how long they took.
        </p>
      </div>
      {body}
    </section>
  );
}
