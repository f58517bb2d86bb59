import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function OnboardingPage() {
  return <PlaceholderPage title="Choose your industry" />;
}
