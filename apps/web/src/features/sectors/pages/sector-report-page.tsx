import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function SectorReportPage() {
  return <PlaceholderPage title="Sector report" />;
}
