import { PATHS } from '@insightra/contract/public';
import { ArrowLeft, LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/use-page-title';
import { IssueForm } from '../components/issue-form';

/** `/report-issue`: public, so a user who cannot sign in can still tell us. */
export function ReportIssuePage() {
  usePageTitle('Report Issue');
  return (
    <div className="flex-1 bg-page">
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-16">
        <Link to={PATHS.dashboard} className={buttonClasses('secondary', 'md')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Dashboard
        </Link>
        <div className="mt-8 rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-10">
          <div className="flex items-start gap-4">
            <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand sm:flex">
              <LifeBuoy aria-hidden="true" className="size-6" />
            </span>
            <div>
              <h1 className="text-2xl font-bold text-ink sm:text-3xl">Report an Issue</h1>
              <p className="mt-2 leading-7 text-muted">
                Tell us what went wrong or what you would like to see. A screenshot helps us find the problem
                faster. Fields marked <span className="text-error">*</span> are required.
              </p>
            </div>
          </div>
          <div className="mt-8">
            <IssueForm />
          </div>
        </div>
      </div>
    </div>
  );
}
