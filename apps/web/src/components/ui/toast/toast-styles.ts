import type { ToastType } from '@insightra/contract';
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';

/** One colour and icon per toast type (docs/PRODUCT.md#visual-design), shared by the default and the admin toasts. */
export const TOAST_STYLES: Record<ToastType, { icon: typeof Info; className: string; label: string }> = {
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

export const isUrgent = (type: ToastType) => type === 'error' || type === 'warning';
