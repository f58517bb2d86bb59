import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function ReportIssuePage() {
  return <PlaceholderPage title="Report an Issue" />;
}
