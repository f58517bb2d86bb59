import { api, findSectorReport, sectorDeclaration } from '@insightra/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileQuestion, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ChartExportActions } from '../../../components/exports/chart-export-actions';
import { ExportMenu } from '../../../components/exports/export-menu';
import { ToastContainer } from '../../../components/ui/toast/toast-container';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { frameTargetOf } from '../../../lib/embed/frame-target';
import { queryKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { useHostToken } from '../hooks/use-host-token';
import { ReportRenderer } from '../report/report-renderer';

const refreshedFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-page p-6 text-center"
    >
      <span aria-hidden="true" className="text-muted">
        {icon}
      </span>
      <h1 className="text-xl font-semibold text-ink">{title}</h1>
      <p className="max-w-md text-muted">{children}</p>
    </div>
  );
}

/**
 * The report frame's page (/embed/{report_uuid}), standalone: it gets a short-lived embed token from
 * the dashboard by postMessage (never in the URL) and draws the report from the member's refreshed data.
 * When its URL names the report tab (or sector page) it shows, each chart offers its downloads; undocked
 * into a window of its own, it also has the Export menu and shows its own toasts.
 */
export function EmbedPage() {
  const { reportUuid = '' } = useParams();
  const [search] = useSearchParams();
  const undocked = window.parent === window;
  const host = useHostToken();
  const viewer = useSession().user;
  const query = useQuery({
    queryKey: queryKey(viewer, 'bi', 'embedData', reportUuid, host.token, host.refreshCount),
    queryFn: ({ signal }) =>
      apiRequest(api.bi.embedData, { params: { reportUuid }, token: host.token ?? '', signal }),
    enabled: Boolean(host.token),
    placeholderData: keepPreviousData,
    retry: false,
  });
  usePageTitle(query.data?.report.name ?? 'Report');

  if (
    query.error instanceof ApiError &&
    query.error.status === 404 &&
    query.error.message === 'Report not found'
  )
    return (
      <Notice icon={<FileQuestion className="size-10" />} title="Report not found">
        There is no report with the UUID “{reportUuid}”. Check the report's UUID in the tab settings.
      </Notice>
    );
  if (query.error instanceof ApiError && query.error.status === 404)
    return (
      <Notice icon={<Lock className="size-10" />} title="Report not available">
        This report is not available to you in this tier.
      </Notice>
    );
  if (query.error)
    return (
      <Notice icon={<Lock className="size-10" />} title="The report could not be loaded">
        {query.error.message}
      </Notice>
    );
  if (host.orphan && !host.token)
    return (
      <Notice icon={<Lock className="size-10" />} title="Open this report from your dashboard">
        Reports are shown inside the dashboard, which signs them in for you.
      </Notice>
    );
  if (!query.data)
    return (
      <main aria-label="Report" className="min-h-dvh overflow-x-hidden bg-page p-3 sm:p-5">
        <ReportRenderer view={undefined} />
      </main>
    );

  const { report, view, refreshedAt, rowCount, source } = query.data;
  const template = findSectorReport(report.uuid);
  const rows = `${rowCount.toLocaleString('en-IN')} rows`;
  const target = frameTargetOf(search, report.name);
  return (
    <main aria-label={`${report.name} report`} className="min-h-dvh overflow-x-hidden bg-page p-3 sm:p-5">
      <header className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight text-ink">{report.name}</h1>
          <p className="text-sm text-muted">{report.description}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-xs text-muted">
            {source === 'demo' ? (
              <>
                <span className="mr-1 rounded-full bg-brand-soft px-2 py-0.5 font-medium text-brand-strong">
                  Demo data
                </span>
                {`${report.sector} sample · ${rows}`}
              </>
            ) : refreshedAt ? (
              `Data refreshed ${refreshedFormat.format(new Date(refreshedAt))} · ${rows}`
            ) : (
              'Not refreshed yet'
            )}
          </p>
          {target && undocked && <ExportMenu target={target} />}
        </div>
      </header>
      <ReportRenderer
        view={view}
        declaration={template?.declaration ?? sectorDeclaration(report.sector)}
        template={template?.report}
        rowCount={rowCount}
        chartActions={target ? (chart) => <ChartExportActions target={target} chart={chart} /> : undefined}
      />
      {undocked && <ToastContainer />}
    </main>
  );
}
