import type { EmbedTokenResponse } from '@insightra/contract';
import { type Embed, models, type Report } from 'powerbi-client';
import { PowerBIEmbed } from 'powerbi-client-react';
import { useEffect, useMemo, useRef } from 'react';
import { hasExpired } from './token-renewal';

type EmbedReport = EmbedTokenResponse['reports'][number];

export interface EmbeddedReportProps {
  report: EmbedReport;
  accessToken: string;
  expiration: string | null;
  onError?: (message: string) => void;
  onLoaded?: () => void;
}

interface PowerBiErrorDetail {
  message?: string;
  detailedMessage?: string;
  /** models.TraceType: Power BI also sends information and warnings through `error` events. */
  level?: models.TraceType;
}

/** Below TraceType.Error the report keeps working: not shown as a failure. */
const isFailure = (level: models.TraceType | undefined) =>
  level === undefined || level >= models.TraceType.Error;

/**
 * App-owns-data embedding with powerbi-client: an embed token (TokenType.Embed). The dashboard renews
 * the token before it expires (every 30 s check, ≤ 10 min left: useEmbedToken); a new token arriving
 * here is handed to the open report with setAccessToken, without re-embedding. The SDK's error and
 * loaded events go to the dashboard through the callbacks.
 */
export function EmbeddedReport({ report, accessToken, expiration, onError, onLoaded }: EmbeddedReportProps) {
  const embedded = useRef<Report | null>(null);
  const applied = useRef({ accessToken, expiration });
  const callbacks = useRef({ onError, onLoaded });
  callbacks.current = { onError, onLoaded };

  // Built once per report: a later token goes through setAccessToken, never a re-embed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the token is applied by the effect below
  const embedConfig = useMemo(
    () => ({
      type: 'report',
      id: report.report_uuid,
      embedUrl: report.embedUrl,
      accessToken,
      tokenType: models.TokenType.Embed,
      settings: { panes: { filters: { visible: false }, pageNavigation: { visible: true } } },
    }),
    [report.report_uuid, report.embedUrl],
  );

  const eventHandlers = useMemo(
    () =>
      new Map([
        ['loaded', () => callbacks.current.onLoaded?.()],
        [
          'error',
          (event?: { detail?: PowerBiErrorDetail }) => {
            const detail = event?.detail;
            if (!isFailure(detail?.level)) return;
            callbacks.current.onError?.(
              detail?.detailedMessage || detail?.message || 'The report could not be shown',
            );
          },
        ],
      ]),
    [],
  );

  useEffect(() => {
    const previous = applied.current;
    if (previous.accessToken === accessToken) return;
    applied.current = { accessToken, expiration };
    const target = embedded.current;
    if (!target) return;
    const expired = hasExpired(previous.expiration, Date.now());
    void (async () => {
      try {
        await target.setAccessToken(accessToken);
        // A token that had already run out leaves the report broken until it reloads (powerbi-client README).
        if (expired) await target.reload();
      } catch (err) {
        callbacks.current.onError?.(
          err instanceof Error ? err.message : 'The report token could not be renewed',
        );
      }
    })();
  }, [accessToken, expiration]);

  return (
    <PowerBIEmbed
      embedConfig={embedConfig}
      eventHandlers={eventHandlers}
      cssClassName="absolute inset-0 [&>iframe]:h-full [&>iframe]:w-full [&>iframe]:border-0"
      getEmbeddedComponent={(e: Embed) => {
        embedded.current = e as Report;
      }}
    />
  );
}
