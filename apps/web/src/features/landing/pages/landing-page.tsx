import { useEffect } from 'react';
import { usePublicConfig } from '../../../lib/public-config';
import { useHashScroll } from '../../../lib/use-hash-scroll';
import { ContactSection } from '../components/contact-section';
import { Hero } from '../components/hero';
import { SolutionsSection } from '../components/solutions-section';
import { TeamSection } from '../components/team-section';
import { TestimonialsSection } from '../components/testimonials-section';
import { WhoWeAre } from '../components/who-we-are';

/** `/`: the marketing page, its sections in the header's order (SPEC.md §1, §2). */
export function LandingPage() {
  const { siteName } = usePublicConfig();
  useEffect(() => {
    document.title = `${siteName} — Data analytics and consulting`;
  }, [siteName]);
  useHashScroll();
  return (
    <>
      <Hero />
      <WhoWeAre />
      <TeamSection />
      <SolutionsSection />
      <TestimonialsSection />
      <ContactSection />
    </>
  );
}
