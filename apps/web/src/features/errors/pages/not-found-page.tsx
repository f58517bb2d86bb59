import { MESSAGES, PATHS } from '@insightra/contract/public';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-6 py-24 text-center">
      <p className="text-7xl font-bold tracking-tight text-brand tabular">{MESSAGES.other.notFoundCode}</p>
      <h1 className="mt-4 text-2xl font-semibold text-ink">{MESSAGES.other.notFound}</h1>
      <p className="mt-2 text-muted">The page you were looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={PATHS.home} className={buttonClasses('primary')}>
          Return Home
        </Link>
        <Link to={PATHS.home} className={buttonClasses('secondary')}>
          Report Problem
        </Link>
      </div>
    </section>
  );
}
