import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function DashboardPage() {
  return <PlaceholderPage title="Dashboard" />;
}
