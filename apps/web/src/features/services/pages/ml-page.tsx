import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function MlPage() {
  return <PlaceholderPage title="Machine Learning" />;
}
