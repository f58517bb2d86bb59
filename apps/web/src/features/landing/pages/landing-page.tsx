import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function LandingPage() {
  return <PlaceholderPage title="Insightra" />;
}
