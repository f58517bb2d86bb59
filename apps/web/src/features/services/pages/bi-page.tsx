import { DashboardGallery } from '../components/dashboard-gallery';
import { SampleReportButton } from '../components/sample-report-button';
import { ServicePage } from '../components/service-page';
import { BI_PAGE } from '../data/bi';

export function BiPage() {
  return (
    <ServicePage
      kind="bi"
      data={BI_PAGE}
      technologiesEyebrow="Technologies"
      heroAction={<SampleReportButton />}
      gallery={<DashboardGallery />}
    />
  );
}
