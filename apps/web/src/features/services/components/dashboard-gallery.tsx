import { api } from '@insightra/contract';
import { STORE_VISITORS } from '@insightra/contract/public';
import { useQuery } from '@tanstack/react-query';
import { FadeIn } from '../../../components/ui/fade-in';
import { apiRequest } from '../../../lib/api-client';
import { PUBLIC, queryKey } from '../../../lib/query-keys';
import { useHydrated } from '../../../lib/use-hydrated';
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

/**
 * Where a live figure will be: `waiting` before the app runs (a pre-rendered page: nothing is loading
 * yet, so nothing says so), `loading` while it is fetched, `error` when it could not be.
 */
function Placeholder({ state }: { state: 'waiting' | 'loading' | 'error' }) {
  if (state === 'waiting')
    return (
      <div aria-hidden="true" className="aspect-[400/260] rounded-[14px] border border-line bg-line/60" />
    );
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

const stateOf = (query: { isError: boolean }, live: boolean) =>
  !live ? 'waiting' : query.isError ? 'error' : 'loading';

/**
 * The BI gallery: mock dashboards drawn from the same demo data as the public charts. The live figures
 * are fetched once the app runs; the pre-rendered /bi starts the app when the gallery comes near the
 * screen (`data-app-fills`, src/boot.ts), not before.
 */
export function DashboardGallery() {
  const live = useHydrated();
  const grades = useQuery({
    queryKey: queryKey(PUBLIC, 'charts', 'grades'),
    queryFn: () => apiRequest(api.charts.grades),
    enabled: live,
  });
  const submissions = useQuery({
    queryKey: queryKey(PUBLIC, 'charts', 'submissions'),
    queryFn: () => apiRequest(api.charts.submissions),
    enabled: live,
  });
  return (
    <section
      id="gallery"
      aria-labelledby="gallery-title"
      data-app-fills=""
      className="bg-page py-16 md:py-24"
    >
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
                <Placeholder state={stateOf(grades, live)} />
              )}
            </Tile>
          </FadeIn>
          <FadeIn delay={160}>
            <Tile caption="Education: final projects submitted and outstanding.">
              {submissions.data ? (
                <SubmissionsDashboard rows={submissions.data} />
              ) : (
                <Placeholder state={stateOf(submissions, live)} />
              )}
            </Tile>
          </FadeIn>
        </div>
      </div>
    </section>
  );
}
