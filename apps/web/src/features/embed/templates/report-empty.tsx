import { ChartEmpty } from '../../../components/charts/chart-empty';

/** What every template shows before the member's data has any rows (no upload, or not yet refreshed). */
export function ReportEmpty() {
  return <ChartEmpty message="No data yet. Upload a file, then use Refresh Visuals to see this report." />;
}
