import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  /** A live message under the field (e.g. 'Passwords matched'), announced politely. */
  hint?: ReactNode;
  hintTone?: 'success' | 'error' | 'muted';
}

const HINT_TONES = { success: 'text-success', error: 'text-error', muted: 'text-muted' } as const;

/** A labelled input with its inline error. */
export function TextField({
  label,
  error,
  hint,
  hintTone = 'muted',
  id,
  className = '',
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`h-11 rounded-[var(--radius-control)] border bg-surface px-3 text-base text-ink shadow-sm transition-colors duration-150 placeholder:text-muted/70 focus:border-brand focus:outline-none focus-visible:outline-3 focus-visible:outline-highlight ${error ? 'border-error' : 'border-line'}`}
        {...rest}
      />
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} aria-live="polite" className={`text-sm ${HINT_TONES[hintTone]}`}>
          {hint}
        </p>
      )}
    </div>
  );
}
