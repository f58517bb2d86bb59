import { api } from '@insightra/contract';
import { STORE_VISITORS } from '@insightra/contract/public';
import { useQuery } from '@tanstack/react-query';
import { FadeIn } from '../../../components/ui/fade-in';
import { apiRequest } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';
import { GradesDashboard, SubmissionsDashboard, VisitorsDashboard } from './mock-dashboards';
import { SectionHeading } from './service-hero';

function Tile({ caption, children }: { caption: string; children: React.ReactNode }) {
  return (
    <figure className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-page p-3 shadow-[var(--shadow-card)]">
      {children}
      <figcaption className="px-2 pt-3 pb-1 text-sm text-muted">{caption}</figcaption>
    </figure>
  );
}

function Placeholder({ state }: { state: 'loading' | 'error' }) {
  return (
    <div className="flex aspect-[400/260] items-center justify-center rounded-[14px] border border-line bg-white text-sm text-muted">
      {state === 'loading' ? (
        <span role="status" className="h-full w-full animate-pulse rounded-[14px] bg-line/60">
          <span className="sr-only">Loading...</span>
        </span>
      ) : (
        'Live demo figures are unavailable right now.'
      )}
    </div>
  );
}

/** The BI gallery: mock dashboards drawn from the same demo data as the public charts. */
export function DashboardGallery() {
  const grades = useQuery({
    queryKey: queryKey('charts', 'grades'),
    queryFn: () => apiRequest(api.charts.grades),
  });
  const submissions = useQuery({
    queryKey: queryKey('charts', 'submissions'),
    queryFn: () => apiRequest(api.charts.submissions),
  });
  return (
    <section id="gallery" aria-labelledby="gallery-title" className="bg-page py-16 md:py-24">
      <div className="mx-auto max-w-[1200px] px-4 sm:px-6">
        <FadeIn>
          <SectionHeading
            id="gallery"
            eyebrow="Gallery"
            title="Reports from our demo data"
            intro="Three views drawn live from the demo dataset behind our sample report: the same style of report your team would open each week."
          />
        </FadeIn>
        <div className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          <FadeIn>
            <Tile caption="Retail: monthly store visitors, April to September 2025.">
              <VisitorsDashboard series={STORE_VISITORS} />
            </Tile>
          </FadeIn>
          <FadeIn delay={80}>
            <Tile caption="Education: students per grade, female and male.">
              {grades.data ? (
                <GradesDashboard rows={grades.data} />
              ) : (
                <Placeholder state={grades.isError ? 'error' : 'loading'} />
              )}
            </Tile>
          </FadeIn>
          <FadeIn delay={160}>
            <Tile caption="Education: final projects submitted and outstanding.">
              {submissions.data ? (
                <SubmissionsDashboard rows={submissions.data} />
              ) : (
                <Placeholder state={submissions.isError ? 'error' : 'loading'} />
              )}
            </Tile>
          </FadeIn>
        </div>
      </div>
    </section>
  );
}
