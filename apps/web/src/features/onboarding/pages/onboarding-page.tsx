import { api, MESSAGES, ORGANISATION_MESSAGES, OrganisationName } from '@insightra/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { OrganisationSwitcher } from '../../../components/organisation/organisation-switcher';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast/toast-context';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';
import { dashboardAfterOnboarding } from '../../../lib/remembered-location';
import { useSession } from '../../../lib/session/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { SectorSelect } from '../components/sector-select';

/**
 * /onboarding: the active organisation's sector, chosen by its owner. A member with no organisation
 * (new, or removed from their last one) names one as well, and it is created with them as owner;
 * anyone else waits for the owner, and may switch to another organisation meanwhile.
 */
export function OnboardingPage() {
  usePageTitle('Choose your industry');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const [sectorId, setSectorId] = useState<number | null>(null);
  const [organisationName, setOrganisationName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const organisation = session.user?.organisation ?? null;
  const waitsForOwner = organisation !== null && organisation.role !== 'owner';
  const sectors = useQuery({
    queryKey: queryKey(session.user, 'sectors', 'list'),
    queryFn: () => apiRequest(api.sectors.list),
    select: (res) => res.data.sectors,
    enabled: !waitsForOwner,
  });

  const save = useMutation({
    mutationFn: async (body: { sectorId: number; organisationName?: string }) => {
      const res = await apiRequest(api.sectors.setMine, { body });
      if (!res?.data?.user) throw new Error('no user');
      return res.data;
    },
    onSuccess: ({ token, user }) => {
      if (token) session.login(token, user);
      else session.setUser(user);
      navigate(dashboardAfterOnboarding(location.state), { replace: true });
    },
    onError: (err) => {
      // A member with active uploads keeps their sector: the server's 409 says why. Otherwise the server
      // refused (an answer with an error): 'Failed to set sector'; no usable answer at all (network,
      // malformed): 'Failed to save sector'.
      const refused = err instanceof ApiError && err.status !== 0;
      if (err instanceof ApiError && err.status === 409)
        toast.error(err.message || MESSAGES.data.sectorLocked);
      else toast.error(refused ? MESSAGES.data.setSectorFailed : MESSAGES.data.saveSectorFailed);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sectorId === null) return;
    if (organisation) {
      save.mutate({ sectorId });
      return;
    }
    const checked = OrganisationName.safeParse(organisationName);
    if (!checked.success) {
      setNameError(
        organisationName.trim() ? checked.error.issues[0]?.message : ORGANISATION_MESSAGES.nameRequired,
      );
      return;
    }
    save.mutate({ sectorId, organisationName: checked.data });
  }

  const name = session.user?.fullName || session.user?.username;
  return (
    <section className="flex flex-1 flex-col items-center justify-center gap-3 bg-page px-4 py-16">
      {organisation && (
        <div className="flex w-full max-w-lg justify-end">
          <OrganisationSwitcher className="max-w-full" />
        </div>
      )}
      <form
        noValidate
        onSubmit={submit}
        aria-labelledby="onboarding-title"
        className="w-full max-w-lg rounded-[var(--radius-card)] border border-line bg-surface p-6 shadow-[var(--shadow-card)] sm:p-10"
      >
        <Building2 aria-hidden="true" className="size-10 text-brand" />
        <h1 id="onboarding-title" className="mt-4 text-2xl font-semibold text-ink">
          {name ? `Welcome, ${name}` : 'Welcome'}
        </h1>
        {waitsForOwner ? (
          <p role="status" className="mt-6 rounded-[var(--radius-control)] bg-info-soft p-4 text-ink">
            {ORGANISATION_MESSAGES.ownerChoosesSector}
          </p>
        ) : (
          <>
            <p className="mt-2 text-muted">
              {organisation
                ? `Choose ${organisation.name}'s industry so we can set up the right reports for you.`
                : 'Name your organisation and choose its industry so we can set up the right reports for you.'}
            </p>
            {!organisation && (
              <TextField
                className="mt-8"
                label="Organisation name"
                name="organisationName"
                autoComplete="organization"
                value={organisationName}
                onChange={(e) => {
                  setOrganisationName(e.target.value);
                  setNameError(undefined);
                }}
                error={nameError}
                maxLength={100}
                required
              />
            )}
            <div className="mt-6">
              {sectors.isPending ? (
                <Spinner text="Loading sectors..." className="py-6" />
              ) : sectors.isError ? (
                <div
                  role="alert"
                  className="flex flex-col items-start gap-3 rounded-[var(--radius-control)] bg-error-soft p-4 text-error"
                >
                  <p>{MESSAGES.data.loadSectorsFailed}</p>
                  <Button variant="secondary" size="sm" onClick={() => void sectors.refetch()}>
                    Try Again
                  </Button>
                </div>
              ) : (
                <SectorSelect
                  label="Industry sector"
                  sectors={sectors.data}
                  value={sectorId}
                  onChange={setSectorId}
                />
              )}
            </div>
            <Button
              type="submit"
              size="lg"
              className="mt-8 w-full"
              disabled={sectorId === null}
              loading={save.isPending || save.isSuccess}
              loadingText={MESSAGES.other.saving}
            >
              Continue
            </Button>
          </>
        )}
      </form>
    </section>
  );
}
