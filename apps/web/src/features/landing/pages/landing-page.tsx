import { useEffect } from 'react';
import { usePublicConfig } from '../../../lib/public-config';
import { useHashScroll } from '../../../lib/use-hash-scroll';
import { ContactSection } from '../components/contact-section';
import { Hero } from '../components/hero';
import { SolutionsSection } from '../components/solutions-section';
import { TeamSection } from '../components/team-section';
import { TestimonialsSection } from '../components/testimonials-section';
import { WhoWeAre } from '../components/who-we-are';

/** The document title. Its own component, so the configuration arriving re-renders only this. */
function LandingTitle() {
  const { siteName } = usePublicConfig();
  useEffect(() => {
    document.title = `${siteName} — Data analytics and consulting`;
  }, [siteName]);
  return null;
}

/** `/`: the marketing page, its sections in the header's order (docs/PRODUCT.md#overview, docs/PRODUCT.md#landing-page). */
export function LandingPage() {
  useHashScroll();
  return (
    <>
      <LandingTitle />
      <Hero />
      <WhoWeAre />
      <TeamSection />
      <SolutionsSection />
      <TestimonialsSection />
      <ContactSection />
    </>
  );
}
