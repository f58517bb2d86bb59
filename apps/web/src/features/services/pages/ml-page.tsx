import { ServicePage } from '../components/service-page';
import { UseCaseGallery } from '../components/use-case-gallery';
import { ML_PAGE, ML_USE_CASES } from '../data/ml';

export function MlPage() {
  return (
    <ServicePage
      kind="ml"
      data={ML_PAGE}
      technologiesEyebrow="Technologies"
      gallery={
        <UseCaseGallery
          id="ml-use-cases"
          eyebrow="Use Cases"
          title="Where models have paid off"
          intro="Examples from the sectors we know best, each measured against how decisions were made before."
          cases={ML_USE_CASES}
        />
      }
    />
  );
}
