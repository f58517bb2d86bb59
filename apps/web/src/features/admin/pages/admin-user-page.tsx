import { MESSAGES, PATHS } from '@insightra/contract';
import { ArrowLeft, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast/toast-context';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminUser } from '../api/get-user';
import { AddReportModal } from '../components/add-report-modal';
import { ErrorState } from '../components/state-blocks';
import { TierColumns } from '../components/tier-columns';
import { UserDetailsCard } from '../components/user-details-card';
import { displayName } from '../lib/format';

/** /admin-dashboard/users/{user_id}: the user's details and their reports by tier, with Add Report. */
export function AdminUserPage() {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const valid = /^[1-9]\d{0,9}$/.test(userId);
  const query = useAdminUser(userId, valid);
  const user = query.data?.data.user;
  usePageTitle(user ? displayName(user) : 'User details');

  useEffect(() => {
    if (query.isError) toast.error(errorMessage(query.error, MESSAGES.admin.loadUserFailed));
  }, [query.isError, query.error, toast]);

  // Back returns to the list as it was (search, page) when we came from it; otherwise to the list.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(PATHS.adminDashboard));

  return (
    <div className="flex-1 bg-page">
      <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button variant="ghost" onClick={back} icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
            Back
          </Button>
          <Button
            onClick={() => setAdding(true)}
            disabled={!user}
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            Add Report
          </Button>
        </div>

        {!valid ? (
          // Not a user id at all: nothing to ask the server.
          <ErrorState title={MESSAGES.data.loadUserDetailsFailed} detail="User not found" />
        ) : query.isPending ? (
          <DetailsSkeleton />
        ) : query.isError ? (
          <ErrorState
            title={MESSAGES.data.loadUserDetailsFailed}
            detail={
              query.error instanceof ApiError && query.error.status === 404 ? 'User not found' : undefined
            }
            onRetry={
              query.error instanceof ApiError && query.error.status === 404
                ? undefined
                : () => query.refetch()
            }
          />
        ) : (
          <>
            <header>
              <h1 className="text-2xl font-semibold text-ink sm:text-3xl">
                {displayName(query.data.data.user)}
              </h1>
              <p className="mt-1 text-muted">@{query.data.data.user.username}</p>
            </header>
            <UserDetailsCard user={query.data.data.user} />
            <TierColumns reports={query.data.data.reports} />
          </>
        )}
      </div>
      {user && (
        <AddReportModal
          open={adding}
          onClose={() => setAdding(false)}
          userId={userId}
          sector={user.sector_name}
        />
      )}
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
