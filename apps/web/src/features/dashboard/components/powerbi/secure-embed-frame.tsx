import type { EmbedTokenResponse } from '@insightra/contract';

type EmbedReport = EmbedTokenResponse['reports'][number];

/**
 * Secure embed: the Power BI service's own page in a plain iframe, each viewer signing in with their
 * own Entra account (the URL of docs/PRODUCT.md#power-bi-provider). powerbi-client refuses autoAuth URLs, hence no SDK here.
 */
export function SecureEmbedFrame({ report, onLoaded }: { report: EmbedReport; onLoaded?: () => void }) {
  return (
    <iframe
      title={report.report_type}
      src={report.embedUrl}
      className="absolute inset-0 h-full w-full border-0"
      allowFullScreen
      onLoad={() => onLoaded?.()}
    />
  );
}
