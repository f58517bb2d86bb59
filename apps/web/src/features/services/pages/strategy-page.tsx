import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function StrategyPage() {
  return <PlaceholderPage title="Strategy Consulting" />;
}
