import { MESSAGES, TIERS, type Tier } from '@insightra/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmAddressBanner } from '../../../components/account/confirm-address-banner';
import { Listbox } from '../../../components/ui/listbox';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast/toast-context';
import { refreshQueueKey, useRefreshQueue } from '../../../lib/bi/refresh-queue';
import { useEmbedChannel } from '../../../lib/embed/embed-channel';
import { ROLE_LABELS } from '../../../lib/organisations/roles';
import { usePermission } from '../../../lib/organisations/use-permission';
import { useSession } from '../../../lib/session/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { useReports } from '../api/reports';
import { DashboardError } from '../components/dashboard-error';
import { DashboardSidebar } from '../components/dashboard-sidebar';
import { DashboardTopbar } from '../components/dashboard-topbar';
import { EditableHeader } from '../components/editable-header';
import { HealthBadge } from '../components/health-badge';
import { ReportWorkspace } from '../components/report-workspace';
import { StorageUse } from '../components/upload/storage-use';
import { useDock } from '../hooks/use-dock';
import { useEmbedToken } from '../hooks/use-embed-token';
import { useHealth } from '../hooks/use-health';
import { useRefresh } from '../hooks/use-refresh';
import { useReportLink } from '../hooks/use-report-link';
import { storeSelectedTab } from '../hooks/use-selected-tab';
import { useSidebar } from '../hooks/use-sidebar';
import { useTier } from '../hooks/use-tier';

/** The member dashboard (docs/PRODUCT.md#dashboard): tiered report tabs in an embedded frame, with refresh and uploads. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const toast = useToast();
  const queryClient = useQueryClient();
  const viewer = useSession().user;
  const sidebar = useSidebar();
  const [tier, setTier] = useTier();
  const link = useReportLink((report) => {
    storeSelectedTab(report);
    setTier(report.tier);
  });
  const { health, check } = useHealth();
  const [retrying, setRetrying] = useState(false);
  const reports = useReports(tier);
  const token = useEmbedToken(tier, health === 'healthy');
  const channel = useEmbedChannel(token.data?.accessToken ?? null);
  const dock = useDock(tier);
  const queue = useRefreshQueue();
  const edit = usePermission('uploads.create');
  const refresh = useRefresh(() => {
    channel.notifyRefresh();
    void queryClient.invalidateQueries({ queryKey: refreshQueueKey(viewer) });
  });

  // After a tier switch: one success or error message once that tier's report connection settles.
  const switching = useRef<Tier | null>(null);
  useEffect(() => {
    if (switching.current !== tier || token.isFetching) return;
    if (token.isSuccess) toast.success(`${tier} reports loaded`);
    else if (token.isError) toast.error(MESSAGES.dashboard.loadTierFailed(tier, token.error.message));
    else return;
    switching.current = null;
  }, [tier, token.isFetching, token.isSuccess, token.isError, token.error, toast]);

  const reportsFailed = reports.isError;
  useEffect(() => {
    if (reportsFailed) toast.error(MESSAGES.data.loadReportsFailed);
  }, [reportsFailed, toast]);

  const changeTier = (next: Tier) => {
    toast.info(`Switching to ${next} tier...`);
    switching.current = next;
    setTier(next);
  };

  const retry = async () => {
    setRetrying(true);
    const ok = await check();
    if (!ok) toast.error(MESSAGES.dashboard.stillUnavailable);
    else if (token.isError) await token.refetch();
    setRetrying(false);
  };

  const pending = queue.data?.pendingUploads ?? 0;
  let content: React.ReactNode;
  if (health === 'checking') content = <Spinner text="Checking server connection..." className="flex-1" />;
  else if (health === 'unhealthy')
    content = (
      <DashboardError message={MESSAGES.dashboard.backendUnavailable} retrying={retrying} onRetry={retry} />
    );
  else if (token.isError)
    content = <DashboardError message={token.error.message} retrying={retrying} onRetry={retry} />;
  else if (link.opening) content = <Spinner text="Opening the linked report..." className="flex-1" />;
  else if (reports.isPending || token.isPending)
    content = <Spinner text={`Loading ${tier} reports...`} className="flex-1" />;
  else if (reports.isError)
    content = (
      <DashboardError
        message={MESSAGES.data.loadReportsFailed}
        retrying={reports.isFetching}
        onRetry={() => void reports.refetch()}
      />
    );
  else
    content = (
      <ReportWorkspace
        tier={tier}
        reports={reports.data}
        token={token.data}
        undocked={dock.undocked}
        onDock={dock.dock}
        onUndock={dock.undock}
        onPopupBlocked={() =>
          toast.warning('Allow pop-ups for this site to open the report in a separate window')
        }
      />
    );

  return (
    <div className="flex h-dvh overflow-hidden bg-page">
      <DashboardSidebar collapsed={sidebar.collapsed} forced={sidebar.forced} onToggle={sidebar.toggle} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="border-b border-line bg-surface px-3 py-2 sm:px-4">
          <DashboardTopbar
            refreshLabel={refresh.label}
            refreshing={refresh.busy}
            refreshDisabled={refresh.busy || health !== 'healthy'}
            onRefresh={() => void refresh.start()}
          />
        </header>
        <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3 sm:p-4">
          <ConfirmAddressBanner />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <EditableHeader />
            <div className="flex flex-wrap items-center gap-2">
              <HealthBadge health={health} />
              <StorageUse enabled={edit.allowed} />
              {!edit.allowed && viewer?.organisation && (
                <span className="rounded-full bg-info-soft px-2.5 py-1 text-xs font-medium text-ink">
                  {ROLE_LABELS[viewer.organisation.role]} · view only
                </span>
              )}
              {pending > 0 && (
                <span className="rounded-full bg-warning-soft px-2.5 py-1 text-xs font-medium text-ink">
                  {pending} {pending === 1 ? 'upload' : 'uploads'} waiting for a refresh
                </span>
              )}
              {refresh.busy && <span className="text-xs text-muted">Estimated time: {refresh.estimate}</span>}
              <Listbox label="Tier" value={tier} options={TIERS} onChange={changeTier} />
            </div>
          </div>
          {content}
        </div>
      </div>
    </div>
  );
}
