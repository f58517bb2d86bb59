import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function ActivityPage() {
  return <PlaceholderPage title="Activity Logs" />;
}
