import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function ProfilePage() {
  return <PlaceholderPage title="Profile" />;
}
