import { api, MESSAGES, PATHS } from '@insightra/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast/toast-context';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { SectorSelect } from '../components/sector-select';

export function OnboardingPage() {
  usePageTitle('Choose your industry');
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [sectorId, setSectorId] = useState<number | null>(null);
  const sectors = useQuery({
    queryKey: queryKey(session.user, 'sectors', 'list'),
    queryFn: () => apiRequest(api.sectors.list),
    select: (res) => res.data.sectors,
  });

  const save = useMutation({
    mutationFn: async (id: number) => {
      const res = await apiRequest(api.sectors.setMine, { body: { sectorId: id } });
      if (!res?.data?.user) throw new Error('no user');
      return res.data;
    },
    onSuccess: ({ token, user }) => {
      if (token) session.login(token, user);
      else session.setUser(user);
      navigate(PATHS.dashboard, { replace: true });
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
    save.mutate(sectorId);
  }

  const name = session.user?.fullName || session.user?.username;
  return (
    <section className="flex flex-1 items-center justify-center bg-page px-4 py-16">
      <form
        onSubmit={submit}
        aria-labelledby="onboarding-title"
        className="w-full max-w-lg rounded-[var(--radius-card)] border border-line bg-surface p-6 shadow-[var(--shadow-card)] sm:p-10"
      >
        <Building2 aria-hidden="true" className="size-10 text-brand" />
        <h1 id="onboarding-title" className="mt-4 text-2xl font-semibold text-ink">
          {name ? `Welcome, ${name}` : 'Welcome'}
        </h1>
        <p className="mt-2 text-muted">Choose your industry so we can set up the right reports for you.</p>
        <div className="mt-8">
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
      </form>
    </section>
  );
}
