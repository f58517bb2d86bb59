import type { ReactNode } from 'react';
import { useHashScroll } from '../../../lib/use-hash-scroll';
import { usePageTitle } from '../../../lib/use-page-title';
import type { ServicePageData } from '../data/types';
import { ClosingCta } from './closing-cta';
import { OverviewSection } from './overview-section';
import { ProcessSection } from './process-section';
import { ServiceArt } from './service-art';
import { ServiceHero } from './service-hero';
import { ServicesSection } from './services-section';
import { TechnologiesSection } from './technologies-section';

interface ServicePageProps {
  kind: 'bi' | 'ml' | 'strategy';
  data: ServicePageData;
  technologiesEyebrow: string;
  heroAction?: ReactNode;
  gallery: ReactNode;
}

/** The common frame of the three service pages: hero, overview, services, process, technologies, gallery, CTA. */
export function ServicePage({ kind, data, technologiesEyebrow, heroAction, gallery }: ServicePageProps) {
  usePageTitle(data.eyebrow);
  useHashScroll();
  return (
    <>
      <ServiceHero
        eyebrow={data.eyebrow}
        title={data.title}
        lead={data.lead}
        secondary={heroAction}
        art={<ServiceArt kind={kind} />}
      />
      <OverviewSection data={data.overview} />
      <ServicesSection data={data.services} />
      <ProcessSection data={data.process} />
      <TechnologiesSection data={data.technologies} eyebrow={technologiesEyebrow} />
      {gallery}
      <ClosingCta title={data.cta.title} text={data.cta.text} />
    </>
  );
}
