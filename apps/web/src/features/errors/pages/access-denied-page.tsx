import { MESSAGES, PATHS } from '@insightra/contract/public';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/use-page-title';

export function AccessDeniedPage() {
  usePageTitle('Access denied');
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-6 py-24 text-center">
      <ShieldAlert aria-hidden="true" className="size-14 text-error" />
      <h1 className="mt-4 text-2xl font-semibold text-ink">Access denied</h1>
      <p className="mt-2 text-muted">{MESSAGES.other.accessDenied}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={PATHS.dashboard} className={buttonClasses('primary')}>
          Back to Dashboard
        </Link>
        <Link to={PATHS.home} className={buttonClasses('secondary')}>
          Home
        </Link>
      </div>
    </section>
  );
}
