import type { ToastType } from '@insightra/contract';
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useToast, useToasts } from './toast-context';

const STYLES: Record<ToastType, { icon: typeof Info; className: string; label: string }> = {
  info: { icon: Info, className: 'border-info/30 bg-info-soft text-info', label: 'Information' },
  success: {
    icon: CheckCircle2,
    className: 'border-success/30 bg-success-soft text-success',
    label: 'Success',
  },
  error: { icon: XCircle, className: 'border-error/30 bg-error-soft text-error', label: 'Error' },
  warning: {
    icon: AlertTriangle,
    className: 'border-warning/30 bg-warning-soft text-warning',
    label: 'Warning',
  },
};

/** The toast stack, top-right, on every page. Errors and warnings are announced assertively. */
export function ToastContainer() {
  const toasts = useToasts();
  const api = useToast();
  return (
    <div
      data-testid="toast-container"
      className="pointer-events-none fixed top-4 right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.map((toast) => {
        const { icon: Icon, className, label } = STYLES[toast.type];
        const urgent = toast.type === 'error' || toast.type === 'warning';
        return (
          <div
            key={toast.id}
            role={urgent ? 'alert' : 'status'}
            aria-live={urgent ? 'assertive' : 'polite'}
            data-type={toast.type}
            className={`pointer-events-auto flex items-start gap-3 rounded-[var(--radius-control)] border px-4 py-3 text-sm font-medium shadow-[var(--shadow-card)] motion-safe:animate-[toast-in_200ms_ease-out] ${className}`}
          >
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="sr-only">{label}: </span>
            <p className="flex-1 text-ink">{toast.message}</p>
            <button
              type="button"
              onClick={() => api.dismiss(toast.id)}
              className="-m-1 rounded p-1 text-muted hover:text-ink"
              aria-label="Dismiss notification"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
