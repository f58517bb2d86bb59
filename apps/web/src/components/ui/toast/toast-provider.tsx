import type { ToastType } from '@insightra/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_TOAST_DURATION, type Toast, type ToastApi, ToastContext } from './toast-context';

/** Holds the toasts; each removes itself after its duration. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const dismissAll = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    setToasts([]);
  }, []);

  const show = useCallback(
    (message: string, type: ToastType = 'info', duration: number = DEFAULT_TOAST_DURATION) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, message, type, duration }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      dismissAll,
      info: (m, d) => show(m, 'info', d),
      success: (m, d) => show(m, 'success', d),
      error: (m, d) => show(m, 'error', d),
      warning: (m, d) => show(m, 'warning', d),
    }),
    [show, dismiss, dismissAll],
  );
  const value = useMemo(() => ({ toasts, api }), [toasts, api]);
  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}
