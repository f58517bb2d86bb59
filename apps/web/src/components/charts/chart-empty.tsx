import { BarChart3 } from 'lucide-react';

/** What a chart shows when its data has no rows yet. */
export function ChartEmpty({ message }: { message: string }) {
  return (
    <div className="flex min-h-48 flex-col items-center justify-center gap-2 text-center text-muted">
      <BarChart3 aria-hidden="true" className="size-8" />
      <p>{message}</p>
    </div>
  );
}
