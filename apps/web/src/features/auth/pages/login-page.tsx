import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function LoginPage() {
  return <PlaceholderPage title="Login" />;
}
