import { TIMINGS, type ToastType } from '@insightra/contract/public';
import { createContext, useContext } from 'react';

export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  /** Milliseconds before the toast removes itself (default 3000). */
  duration: number;
}

export interface ToastApi {
  show(message: string, type?: ToastType, duration?: number): number;
  info(message: string, duration?: number): number;
  success(message: string, duration?: number): number;
  error(message: string, duration?: number): number;
  warning(message: string, duration?: number): number;
  dismiss(id: number): void;
  /** Removes every toast on screen (the session does when its user leaves). */
  dismissAll(): void;
}

export const DEFAULT_TOAST_DURATION = TIMINGS.toastDefaultMs;

export const ToastContext = createContext<{ toasts: Toast[]; api: ToastApi } | null>(null);

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast needs a ToastProvider');
  return ctx.api;
}

export function useToasts(): Toast[] {
  return useContext(ToastContext)?.toasts ?? [];
}
