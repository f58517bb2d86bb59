import { Loader2 } from 'lucide-react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link' | 'danger' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** Each variant's colours; hover applies to enabled buttons and links only. */
const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-white not-disabled:hover:bg-brand-strong',
  secondary: 'border border-line bg-surface text-ink not-disabled:hover:bg-page',
  ghost: 'text-ink not-disabled:hover:bg-page',
  /** A quiet action in the brand colour, such as Add Report beside the report tabs; grey when disabled. */
  link: 'text-brand not-disabled:hover:bg-brand-soft disabled:text-muted',
  danger: 'bg-error text-white not-disabled:hover:bg-error/90',
  inverse: 'bg-white text-ink not-disabled:hover:bg-brand-soft',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = '') {
  // Disabled looks the same in every variant: faded as a whole, so that it reads as unavailable next to
  // the enabled buttons beside it (a viewer's Upload File next to Activity Logs). A loading button is
  // disabled too, but stays unfaded: its label ('Processing...') is meant to be read.
  return `inline-flex items-center justify-center rounded-[var(--radius-control)] font-semibold transition-colors duration-150 ease-out disabled:cursor-not-allowed disabled:not-aria-busy:opacity-50 ${VARIANTS[variant]} ${SIZES[size]} ${extra}`;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled and shows `loadingText` (e.g. 'Processing...'). */
  loading?: boolean;
  loadingText?: string;
  icon?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingText,
  icon,
  className = '',
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : icon}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
