import { ServicePage } from '../components/service-page';
import { UseCaseGallery } from '../components/use-case-gallery';
import { STRATEGY_CASE_STUDIES, STRATEGY_PAGE } from '../data/strategy';

export function StrategyPage() {
  return (
    <ServicePage
      kind="strategy"
      data={STRATEGY_PAGE}
      technologiesEyebrow="Frameworks"
      gallery={
        <UseCaseGallery
          id="strategy-case-studies"
          eyebrow="Case Studies"
          title="Strategy that turned into results"
          intro="Three engagements, the question each started from, and what changed."
          cases={STRATEGY_CASE_STUDIES}
        />
      }
    />
  );
}
