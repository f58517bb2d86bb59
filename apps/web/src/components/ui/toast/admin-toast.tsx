import { TIMINGS } from '@insightra/contract/public';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Toast } from './toast-context';
import { isUrgent, TOAST_STYLES } from './toast-styles';

/** How long an admin-area toast waits before it appears (docs/PRODUCT.md#admin-toasts: "after a short delay"). */
export const ADMIN_TOAST_ENTER_DELAY_MS = 200;
const exitMs = TIMINGS.adminToastExitMs;

/** The admin area's toasts live under these paths (docs/PRODUCT.md#admin-toasts). */
export const isAdminPath = (pathname: string) =>
  pathname === '/admin-dashboard' || pathname.startsWith('/admin-dashboard/');

type Phase = 'pending' | 'shown' | 'leaving';

/**
 * A toast of the admin area: it appears after a short delay, and a click on it or on its close button
 * plays a 300 ms exit before it is removed. Its automatic removal keeps the toast's duration: the exit
 * starts 300 ms before the provider removes it.
 */
export function AdminToast({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [phase, setPhase] = useState<Phase>('pending');
  useEffect(() => {
    const enter = setTimeout(
      () => setPhase((p) => (p === 'pending' ? 'shown' : p)),
      ADMIN_TOAST_ENTER_DELAY_MS,
    );
    const leave = setTimeout(
      () => setPhase('leaving'),
      Math.max(ADMIN_TOAST_ENTER_DELAY_MS, toast.duration - exitMs),
    );
    return () => {
      clearTimeout(enter);
      clearTimeout(leave);
    };
  }, [toast.duration]);

  useEffect(() => {
    if (phase !== 'leaving') return;
    const timer = setTimeout(() => onDismiss(toast.id), exitMs);
    return () => clearTimeout(timer);
  }, [phase, onDismiss, toast.id]);

  if (phase === 'pending') return null;
  const { icon: Icon, className, label } = TOAST_STYLES[toast.type];
  const urgent = isUrgent(toast.type);
  const close = () => setPhase('leaving');
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click anywhere is a mouse shortcut; the close button is the keyboard's way.
    // biome-ignore lint/a11y/noStaticElementInteractions: as above.
    <div
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      data-type={toast.type}
      data-phase={phase}
      onClick={close}
      style={{ transitionDuration: `${exitMs}ms` }}
      className={`pointer-events-auto flex cursor-pointer items-start gap-3 rounded-[var(--radius-control)] border px-4 py-3 text-sm font-medium shadow-[var(--shadow-card)] transition-[opacity,transform] ease-out ${
        phase === 'leaving' ? 'translate-x-4 opacity-0' : 'translate-x-0 opacity-100'
      } ${className}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="sr-only">{label}: </span>
      <p className="flex-1 text-ink">{toast.message}</p>
      <button
        type="button"
        onClick={(event) => {
          event.stopPropagation();
          close();
        }}
        className="-m-1 rounded p-1 text-muted hover:text-ink"
        aria-label="Dismiss notification"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
