import { api, INDUSTRIES, PATHS } from '@insightra/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { ExportMenu } from '../../../components/exports/export-menu';
import { OrganisationSwitcher } from '../../../components/organisation/organisation-switcher';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { useEmbedChannel } from '../../../lib/embed/embed-channel';
import { frameUrlOf } from '../../../lib/embed/frame-target';
import { useTokenRenewal } from '../../../lib/embed/use-token-renewal';
import { queryKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * A sector's report page (/education, /real-estate, ...): the sector's report (the built-in sector
 * overview unless an administrator configured another) in a full-size frame, with its Export menu and
 * Back to Dashboard.
 */
export function SectorReportPage() {
  const slug = useLocation().pathname.replace(/^\/+|\/+$/g, '');
  const industry = INDUSTRIES.find((i) => i.slug === slug);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = queryKey(useSession().user, 'bi', 'sectorToken', slug);
  const token = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest(api.bi.sectorToken, { params: { sector: slug }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  useEmbedChannel(token.data?.accessToken ?? null);
  useTokenRenewal(token.data?.expiration, () => queryClient.refetchQueries({ queryKey: key, exact: true }));
  const name = industry?.name ?? 'Sector';
  usePageTitle(`${name} report`);
  const report = token.data?.reports[0];
  const target = industry && ({ kind: 'sector', sector: industry.slug, name: `${name} report` } as const);
  // A built-in frame is told its sector, for its charts' downloads; Power BI's URL is Power BI's own.
  const frameUrl =
    report &&
    target &&
    (token.data?.provider === 'powerbi' ? report.embedUrl : frameUrlOf(report.embedUrl, target));

  return (
    <div className="flex h-[calc(100dvh-4rem)] min-h-[28rem] flex-col bg-page">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line bg-surface px-3 py-2 sm:px-4">
        <h1 className="text-lg font-semibold tracking-tight text-ink">{name} report</h1>
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <OrganisationSwitcher className="max-w-full sm:max-w-xs" />
          {report && target && <ExportMenu target={target} />}
          <Button
            variant="secondary"
            size="sm"
            icon={<ArrowLeft aria-hidden="true" className="size-4" />}
            onClick={() => navigate(PATHS.dashboard)}
          >
            Back to Dashboard
          </Button>
        </div>
      </header>
      <div className="relative min-h-0 flex-1">
        {token.isPending ? (
          <Spinner text="Loading report..." className="h-full" />
        ) : token.isError ? (
          <div role="alert" className="flex h-full items-center justify-center p-6 text-center text-error">
            {errorMessage(token.error, 'The report could not be loaded')}
          </div>
        ) : report ? (
          <iframe
            src={frameUrl}
            title={`${report.report_type} report`}
            className="absolute inset-0 h-full w-full border-0"
          />
        ) : null}
      </div>
    </div>
  );
}
