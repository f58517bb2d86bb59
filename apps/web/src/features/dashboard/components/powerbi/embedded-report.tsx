import { api, type EmbedTokenResponse, type Tier } from '@insightra/contract';
import { type Embed, models, type Report } from 'powerbi-client';
import { PowerBIEmbed } from 'powerbi-client-react';
import { useEffect, useMemo, useRef } from 'react';
import { apiRequest, errorMessage } from '../../../../lib/api-client';
import { hasExpired, shouldRenew, TOKEN_CHECK_INTERVAL_MS } from './token-renewal';

type EmbedReport = EmbedTokenResponse['reports'][number];

export interface EmbeddedReportProps {
  tier: Tier;
  report: EmbedReport;
  accessToken: string;
  expiration: string | null;
  onError?: (message: string) => void;
  onLoaded?: () => void;
  /** Called with each renewed token response, so the dashboard can keep it. */
  onTokenRenewed?: (response: EmbedTokenResponse) => void;
}

interface PowerBiErrorDetail {
  message?: string;
  detailedMessage?: string;
}

/**
 * App-owns-data embedding with powerbi-client: an embed token (TokenType.Embed), renewed before it
 * expires with setAccessToken, the SDK's events passed up to the dashboard's error view.
 */
export function EmbeddedReport({
  tier,
  report,
  accessToken,
  expiration,
  onError,
  onLoaded,
  onTokenRenewed,
}: EmbeddedReportProps) {
  const embedded = useRef<Report | null>(null);
  const current = useRef({ expiration, renewing: false });
  const callbacks = useRef({ onError, onLoaded, onTokenRenewed });
  callbacks.current = { onError, onLoaded, onTokenRenewed };

  // The configuration is built once per report: a changed token goes through setAccessToken, not a re-embed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the token is applied by the renewal below
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
            callbacks.current.onError?.(
              detail?.detailedMessage || detail?.message || 'The report could not be shown',
            );
          },
        ],
      ]),
    [],
  );

  useEffect(() => {
    current.current.expiration = expiration;
  }, [expiration]);

  useEffect(() => {
    const check = async () => {
      const state = current.current;
      if (state.renewing || !shouldRenew(state.expiration, Date.now())) return;
      state.renewing = true;
      try {
        const fresh = await apiRequest(api.bi.embedToken, { query: { tier } });
        if (!fresh.accessToken) throw new Error('report not available');
        const expired = hasExpired(state.expiration, Date.now());
        state.expiration = fresh.expiration;
        await embedded.current?.setAccessToken(fresh.accessToken);
        if (expired) await embedded.current?.reload();
        callbacks.current.onTokenRenewed?.(fresh);
      } catch (err) {
        callbacks.current.onError?.(
          errorMessage(err, err instanceof Error ? err.message : 'Token renewal failed'),
        );
      } finally {
        state.renewing = false;
      }
    };
    const timer = window.setInterval(check, TOKEN_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [tier]);

  return (
    <PowerBIEmbed
      embedConfig={embedConfig}
      eventHandlers={eventHandlers}
      cssClassName="size-full min-h-[480px] [&>iframe]:border-0"
      getEmbeddedComponent={(e: Embed) => {
        embedded.current = e as Report;
      }}
    />
  );
}
