import { X } from 'lucide-react';
import { useInRouterContext, useLocation } from 'react-router';
import { AdminToast, isAdminPath } from './admin-toast';
import { useToast, useToasts } from './toast-context';
import { isUrgent, TOAST_STYLES } from './toast-styles';

/**
 * The toast stack, top-right, on every page. Errors and warnings are announced assertively. In the
 * admin area the toasts behave as docs/PRODUCT.md#admin-toasts says there (delayed entry, click to close, 300 ms exit);
 * everywhere else they appear at once and leave at once.
 */
export function ToastContainer() {
  // Rendered inside the router by the root layout; a container outside one has no admin area.
  return useInRouterContext() ? <RoutedToastStack /> : <ToastStack admin={false} />;
}

function RoutedToastStack() {
  return <ToastStack admin={isAdminPath(useLocation().pathname)} />;
}

function ToastStack({ admin }: { admin: boolean }) {
  const toasts = useToasts();
  const api = useToast();
  return (
    <div
      data-testid="toast-container"
      data-variant={admin ? 'admin' : 'default'}
      className="pointer-events-none fixed top-4 right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.map((toast) => {
        if (admin) return <AdminToast key={toast.id} toast={toast} onDismiss={api.dismiss} />;
        const { icon: Icon, className, label } = TOAST_STYLES[toast.type];
        const urgent = isUrgent(toast.type);
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
