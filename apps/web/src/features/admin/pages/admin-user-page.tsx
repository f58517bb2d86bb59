import { MESSAGES, PATHS } from '@insightra/contract';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminUser } from '../api/get-user';
import { AddReportButton } from '../components/add-report-button';
import { DetailsPage, isIdParam } from '../components/details-page';
import { TierColumns } from '../components/tier-columns';
import { UserDetailsCard } from '../components/user-details-card';
import { UserOrganisations } from '../components/user-organisations';
import { displayName } from '../lib/format';

/**
 * /admin-dashboard/users/{user_id}: the user's details, their organisations, and the reports by tier of
 * their default organisation, with Add Report.
 */
export function AdminUserPage() {
  const { userId = '' } = useParams();
  const toast = useToast();
  const valid = isIdParam(userId);
  const query = useAdminUser(userId, valid);
  const user = query.data?.data.user;
  usePageTitle(user ? displayName(user) : 'User details');

  useEffect(() => {
    if (query.isError) toast.error(errorMessage(query.error, MESSAGES.admin.loadUserFailed));
  }, [query.isError, query.error, toast]);

  return (
    <DetailsPage
      listPath={PATHS.adminDashboard}
      valid={valid}
      query={query}
      failedTitle={MESSAGES.data.loadUserDetailsFailed}
      notFound="User not found"
      actions={
        <AddReportButton
          target={{ kind: 'user', id: userId }}
          ready={Boolean(user)}
          sector={user?.sector_name ?? null}
          description="Give the user's organisation a report in one of its tiers."
        />
      }
    >
      {({ data }) => (
        <>
          <header>
            <h1 className="text-2xl font-semibold text-ink sm:text-3xl">{displayName(data.user)}</h1>
            <p className="mt-1 text-muted">@{data.user.username}</p>
          </header>
          <UserDetailsCard user={data.user} />
          <UserOrganisations organisations={data.user.organisations} />
          <TierColumns reports={data.reports} />
        </>
      )}
    </DetailsPage>
  );
}
