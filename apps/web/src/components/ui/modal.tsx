import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  /** Called for the overlay, Escape and the close button, but only while `dismissible`. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** False while work is in flight (e.g. saving): the overlay, Escape and the close button do nothing. */
  dismissible?: boolean;
  children: ReactNode;
  /** Action buttons, right-aligned under the body (stacked full-width on narrow screens). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** The element to focus on open; else `[data-autofocus]`, else the body's first control. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeLabel?: string;
}

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' } as const;

/**
 * The one dialog of the design system: rendered in a portal, focus kept inside (Tab wraps), Escape and
 * the overlay close it, focus returns to the opener afterwards, and the page behind does not scroll.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  dismissible = true,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  closeLabel = 'Close',
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Handlers read the latest props without re-running the open/close effect.
  const latest = useRef({ onClose, dismissible });
  latest.current = { onClose, dismissible };

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    // The caller's choice, else the first control of the body (not the close button), else the dialog.
    const target =
      initialFocusRef?.current ??
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog?.querySelector<HTMLElement>(`[data-modal-body] :is(${FOCUSABLE})`) ??
      dialog;
    target?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (latest.current.dismissible) latest.current.onClose();
        return;
      }
      if (event.key !== 'Tab' || !dialog) return;
      const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => !el.hasAttribute('hidden') && el.getAttribute('aria-hidden') !== 'true',
      );
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [open, initialFocusRef]);

  if (!open) return null;
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the overlay click is a mouse shortcut; Escape and the close button are the keyboard's.
    <div
      className="fixed inset-0 z-[90] flex items-end justify-center bg-ink/50 p-3 sm:items-center sm:p-6"
      data-testid="modal-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && latest.current.dismissible) latest.current.onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        aria-busy={!dismissible || undefined}
        tabIndex={-1}
        className={`flex max-h-[calc(100dvh-1.5rem)] w-full ${WIDTHS[size]} flex-col rounded-[var(--radius-card)] border border-line bg-surface shadow-[var(--shadow-card)] outline-none sm:max-h-[calc(100dvh-3rem)]`}
      >
        <div className="flex items-start gap-4 border-b border-line px-5 py-4 sm:px-6">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-semibold text-ink">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-muted">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={() => latest.current.dismissible && latest.current.onClose()}
            disabled={!dismissible}
            aria-label={closeLabel}
            className="-m-1 rounded-[var(--radius-control)] p-1.5 text-muted hover:bg-page hover:text-ink disabled:cursor-not-allowed disabled:opacity-50"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div data-modal-body className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">
          {children}
        </div>
        {footer && (
          <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
