import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function BiPage() {
  return <PlaceholderPage title="Business Intelligence" />;
}
