import { AlertCircle, Inbox, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/** A designed empty state: an icon, a title and an optional hint. */
export function EmptyState({ title, hint, icon }: { title: string; hint?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-[var(--radius-card)] border border-dashed border-line bg-surface px-6 py-12 text-center">
      <span className="text-muted">{icon ?? <Inbox aria-hidden="true" className="size-8" />}</span>
      <p className="font-semibold text-ink">{title}</p>
      {hint && <p className="text-sm text-muted">{hint}</p>}
    </div>
  );
}

/** A designed error state with the message of docs/PRODUCT.md and a retry. */
export function ErrorState({
  title,
  detail,
  onRetry,
  children,
}: {
  title: string;
  detail?: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center gap-3 rounded-[var(--radius-card)] border border-error/30 bg-error-soft px-6 py-10 text-center"
    >
      <AlertCircle aria-hidden="true" className="size-8 text-error" />
      <p className="font-semibold text-ink">{title}</p>
      {detail && detail !== title && <p className="text-sm text-muted">{detail}</p>}
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry && (
          <Button
            variant="secondary"
            onClick={onRetry}
            icon={<RotateCw aria-hidden="true" className="size-4" />}
          >
            Try again
          </Button>
        )}
        {children}
      </div>
    </div>
  );
}
