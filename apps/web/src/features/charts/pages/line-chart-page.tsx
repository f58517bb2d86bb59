import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function LineChartPage() {
  return <PlaceholderPage title="Store Visitors (Last 6 Months)" />;
}
