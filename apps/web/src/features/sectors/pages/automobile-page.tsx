import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function AutomobilePage() {
  return <PlaceholderPage title="Automobile" />;
}
