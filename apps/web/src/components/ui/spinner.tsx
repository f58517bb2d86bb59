import { Loader2 } from 'lucide-react';

/** A spinner with its text, announced politely. */
export function Spinner({ text = 'Loading...', className = '' }: { text?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 text-muted ${className}`}>
      <Loader2 aria-hidden="true" className="size-5 animate-spin text-brand" />
      <span>{text}</span>
    </div>
  );
}
