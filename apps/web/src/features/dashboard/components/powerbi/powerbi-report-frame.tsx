import { type EmbedTokenResponse, MESSAGES } from '@insightra/contract';
import { FileX2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../../../components/ui/spinner';
import { DashboardError } from '../dashboard-error';
import { SecureEmbedFrame } from './secure-embed-frame';

// powerbi-client is needed only in embed-token mode: secure-embed is a plain iframe.
const EmbeddedReport = lazy(() => import('./embedded-report').then((m) => ({ default: m.EmbeddedReport })));

export interface PowerBiReportFrameProps {
  /** The selected tab's entry of `tokenResponse.reports`. */
  report: EmbedTokenResponse['reports'][number];
  /** GET /api/powerbi/get-powerbi-token's answer for the current tier. */
  tokenResponse: EmbedTokenResponse;
  /**
   * A report error from Power BI (the SDK's `error` event, a failed token hand-over). Without it the
   * frame shows the dashboard's error view itself, with Retry Connection re-embedding the report.
   */
  onError?: (message: string) => void;
  onLoaded?: () => void;
}

/**
 * The Power BI report frame, in the embed mode the server chose (POWERBI_EMBED_MODE). Pass the
 * dashboard's current token answer: a renewed token is applied to the open report in place.
 */
export function PowerBiReportFrame({ report, tokenResponse, onError, onLoaded }: PowerBiReportFrameProps) {
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const reportError = onError ?? setError;

  if (!report.available || !report.embedUrl) {
    return (
      <div
        role="status"
        className="flex h-full min-h-[320px] flex-col items-center justify-center gap-3 bg-surface p-6 text-center text-muted"
      >
        <FileX2 aria-hidden="true" className="size-8 text-muted" />
        <p className="font-medium text-ink">report not available</p>
        <p className="max-w-md text-sm">
          This report has not been made available to your account. Ask an administrator to add it for you.
        </p>
      </div>
    );
  }
  if (error) {
    return (
      <div className="h-full p-4">
        <DashboardError
          message={MESSAGES.dashboard.loadTierFailed(tokenResponse.tier, error)}
          retrying={false}
          onRetry={() => {
            setError(null);
            setAttempt((n) => n + 1);
          }}
        />
      </div>
    );
  }
  if (tokenResponse.embedMode === 'secure-embed') {
    return <SecureEmbedFrame key={report.report_uuid} report={report} {...(onLoaded ? { onLoaded } : {})} />;
  }
  if (!tokenResponse.accessToken) {
    return (
      <div
        role="alert"
        className="flex h-full min-h-[320px] items-center justify-center p-6 text-center text-ink"
      >
        No embed token was issued for this report.
      </div>
    );
  }
  return (
    <Suspense fallback={<Spinner text="Loading report..." className="h-full" />}>
      <EmbeddedReport
        key={`${report.report_uuid}:${attempt}`}
        report={report}
        accessToken={tokenResponse.accessToken}
        expiration={tokenResponse.expiration}
        onError={reportError}
        {...(onLoaded ? { onLoaded } : {})}
      />
    </Suspense>
  );
}
