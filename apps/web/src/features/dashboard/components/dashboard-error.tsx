import { RefreshCw, ServerCrash, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';

export interface DashboardErrorProps {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** The dashboard's error view (docs/PRODUCT.md#server-health): the reason, Retry Connection, Reload Dashboard, and an offline notice. */
export function DashboardError({ message, retrying, onRetry }: DashboardErrorProps) {
  const online = useOnline();
  return (
    <div
      role="alert"
      className="flex h-full min-h-64 flex-col items-center justify-center gap-4 rounded-[var(--radius-card)] border border-error/30 bg-surface px-6 py-10 text-center"
    >
      <ServerCrash aria-hidden="true" className="size-10 text-error" />
      <h2 className="text-lg font-semibold text-ink">The report connection failed</h2>
      <p className="max-w-xl text-muted">{message}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          onClick={onRetry}
          loading={retrying}
          loadingText="Retrying..."
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
        >
          Retry Connection
        </Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Reload Dashboard
        </Button>
      </div>
      {!online && (
        <p className="inline-flex items-center gap-2 rounded-[var(--radius-control)] bg-warning-soft px-3 py-2 text-sm text-ink">
          <WifiOff aria-hidden="true" className="size-4 text-warning" />
          You are offline. Check your internet connection, then retry.
        </p>
      )}
    </div>
  );
}
