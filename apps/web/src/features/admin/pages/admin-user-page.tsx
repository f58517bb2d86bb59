import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function AdminUserPage() {
  return <PlaceholderPage title="User details" />;
}
