import { MESSAGES } from '@insightra/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { ErrorState } from './state-blocks';

/** Whether a path segment is an id at all (a positive integer); if not, the server is not asked. */
export const isIdParam = (value: string) => /^[1-9]\d{0,9}$/.test(value);

interface DetailsPageProps<T> {
  /** Where Back goes when the page was opened directly rather than from a list. */
  listPath: string;
  actions: ReactNode;
  valid: boolean;
  query: UseQueryResult<T>;
  /** The error state's title, and its detail when the server does not know the id. */
  failedTitle: string;
  notFound: string;
  children(data: T): ReactNode;
}

/**
 * An admin details page (a user, an organisation): Back and the page's actions above its content, a
 * skeleton while it loads, and an error state (with a retry unless the id is unknown).
 */
export function DetailsPage<T>({
  listPath,
  actions,
  valid,
  query,
  failedTitle,
  notFound,
  children,
}: DetailsPageProps<T>) {
  const navigate = useNavigate();
  const location = useLocation();
  // Back returns to the list as it was (search, page) when we came from it; otherwise to the list.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(listPath));
  const unknown = !valid || (query.error instanceof ApiError && query.error.status === 404);

  return (
    <div className="flex-1 bg-page">
      <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button variant="ghost" onClick={back} icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
            Back
          </Button>
          <div className="flex flex-wrap items-center gap-2">{actions}</div>
        </div>
        {unknown ? (
          <ErrorState title={failedTitle} detail={notFound} />
        ) : query.isSuccess ? (
          children(query.data)
        ) : query.isError ? (
          <ErrorState title={failedTitle} onRetry={() => query.refetch()} />
        ) : (
          <DetailsSkeleton />
        )}
      </div>
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="sr-only">
        {MESSAGES.other.loading}
      </p>
      <div aria-hidden="true" className="space-y-2">
        <span className="block h-8 w-64 max-w-full rounded bg-line motion-safe:animate-pulse" />
        <span className="block h-4 w-32 rounded bg-line motion-safe:animate-pulse" />
      </div>
      <div
        aria-hidden="true"
        className="h-40 rounded-[var(--radius-card)] bg-line/60 motion-safe:animate-pulse"
      />
      <div aria-hidden="true" className="grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-40 rounded-[var(--radius-card)] bg-line/60 motion-safe:animate-pulse" />
        ))}
      </div>
    </div>
  );
}
