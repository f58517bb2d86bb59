import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function ColumnsChartPage() {
  return <PlaceholderPage title="Student Grades Distribution by Gender" />;
}
