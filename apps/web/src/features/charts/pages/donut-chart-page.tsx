import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function DonutChartPage() {
  return <PlaceholderPage title="Project Submissions Status" />;
}
