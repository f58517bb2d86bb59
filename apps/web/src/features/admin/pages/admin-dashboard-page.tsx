import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function AdminDashboardPage() {
  return <PlaceholderPage title="Admin Dashboard" />;
}
