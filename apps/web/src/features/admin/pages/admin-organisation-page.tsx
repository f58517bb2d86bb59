import { ORGANISATION_MESSAGES, PATHS } from '@insightra/contract';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminOrganisation } from '../api/get-organisation';
import { AddReportButton } from '../components/add-report-button';
import { DetailsPage, isIdParam } from '../components/details-page';
import { MembersList } from '../components/members-list';
import { OpenAsEditorButton } from '../components/open-as-editor-button';
import { OrganisationDetailsCard } from '../components/organisation-details-card';
import { TierColumns } from '../components/tier-columns';
import { formatCount } from '../lib/format';

/**
 * /admin-dashboard/organisations/{id}: the organisation (rename, customer number), its members and
 * roles, its reports by tier with Add Report, and Open as editor to work in it.
 */
export function AdminOrganisationPage() {
  const { organisationId = '' } = useParams();
  const valid = isIdParam(organisationId);
  const query = useAdminOrganisation(organisationId, valid);
  const organisation = query.data?.data.organisation;
  usePageTitle(organisation?.name ?? 'Organisation');

  return (
    <DetailsPage
      listPath={PATHS.adminOrganisations}
      valid={valid}
      query={query}
      failedTitle="Failed to load organisation"
      notFound={ORGANISATION_MESSAGES.notFound}
      actions={
        <>
          <OpenAsEditorButton id={Number(organisationId)} disabled={!organisation} />
          <AddReportButton
            target={{ kind: 'organisation', id: organisationId }}
            ready={Boolean(organisation)}
            sector={organisation?.sector ?? null}
            description="Give the organisation a report in one of its tiers."
          />
        </>
      }
    >
      {({ data }) => (
        <>
          <header>
            <h1 className="text-2xl font-semibold break-words text-ink sm:text-3xl">
              {data.organisation.name}
            </h1>
            <p className="mt-1 text-muted">
              {data.organisation.sector ?? 'No sector chosen yet'} ·{' '}
              {formatCount(data.organisation.memberCount)}{' '}
              {data.organisation.memberCount === 1 ? 'member' : 'members'}
            </p>
          </header>
          <OrganisationDetailsCard organisation={data.organisation} />
          <MembersList members={data.members} />
          <TierColumns reports={data.reports} />
        </>
      )}
    </DetailsPage>
  );
}
