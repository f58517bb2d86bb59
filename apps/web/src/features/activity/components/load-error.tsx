import type { ReactNode } from 'react';

/** A list that could not be loaded: what went wrong and the way out (try again, log in). */
export function LoadError({ message, action }: { message: string; action: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] bg-error-soft p-10 text-center text-error"
    >
      <p className="font-medium">{message}</p>
      {action}
    </div>
  );
}
