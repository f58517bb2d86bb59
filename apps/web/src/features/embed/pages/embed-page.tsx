import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function EmbedPage() {
  return <PlaceholderPage title="Report" />;
}
