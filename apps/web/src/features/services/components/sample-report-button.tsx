import { MESSAGES, TIMINGS } from '@insightra/contract/public';
import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { usePublicConfig } from '../../../lib/public-config';
import { saveBlob } from '../../../lib/save-blob';

export const SAMPLE_REPORT_URL = '/sample-report.pdf';

/**
 * 'Download Sample Report' (docs/PRODUCT.md#sample-report): fetches the PDF and saves it; if that fails, after one second,
 * says the report is being prepared and whom to write to.
 */
export function SampleReportButton({ className = '' }: { className?: string }) {
  const { salesEmail } = usePublicConfig();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const res = await fetch(SAMPLE_REPORT_URL);
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !type.includes('application/pdf')) throw new Error(`HTTP ${res.status}`);
      saveBlob(await res.blob(), 'sample-report.pdf');
      setBusy(false);
    } catch {
      timer.current = setTimeout(() => {
        setFailed(true);
        setBusy(false);
      }, TIMINGS.sampleReportFailureDelayMs);
    }
  };

  return (
    <div className={className}>
      <Button
        variant="ghost"
        size="lg"
        className="text-white ring-1 ring-white/30 hover:bg-white/10"
        icon={<Download aria-hidden="true" className="size-4" />}
        loading={busy}
        loadingText="Preparing..."
        onClick={download}
      >
        Download Sample Report
      </Button>
      {failed && (
        <p
          role="alert"
          className="mt-3 max-w-sm rounded-[var(--radius-control)] bg-white/10 px-3 py-2 text-sm text-white"
        >
          {MESSAGES.other.sampleReportFallback(salesEmail)}
        </p>
      )}
    </div>
  );
}
