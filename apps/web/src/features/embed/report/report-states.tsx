import { ChartEmpty } from '../../../components/charts/chart-empty';

/** What a report shows before the member's data has any rows (no upload yet, or not refreshed yet). */
export function ReportEmpty() {
  return <ChartEmpty message="No data yet. Upload a file, then use Refresh Visuals to see this report." />;
}

/** The report's place while its figures load: the cards' and charts' outlines, and a status for readers. */
export function ReportLoading() {
  return (
    <div role="status" aria-label="Loading report..." className="space-y-4">
      <span className="sr-only">Loading report...</span>
      <div aria-hidden="true" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div
            key={i}
            className="h-28 animate-pulse rounded-[var(--radius-card)] border border-line bg-surface motion-reduce:animate-none"
          />
        ))}
      </div>
      <div aria-hidden="true" className="grid gap-4 xl:grid-cols-2">
        {[0, 1].map((i) => (
          <div
            key={i}
            className="h-80 animate-pulse rounded-[var(--radius-card)] border border-line bg-surface motion-reduce:animate-none"
          />
        ))}
      </div>
    </div>
  );
}
