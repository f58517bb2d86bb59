import { PATHS, type User } from '@insightra/contract';
import { ArrowLeft, BarChart3, Bug } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { invitationFrom } from '../../../lib/organisations/invitation-state';
import { ROLE_LABELS } from '../../../lib/organisations/roles';
import { usePublicConfig } from '../../../lib/public-config';
import type { RememberedLocation } from '../../../lib/remembered-location';
import { useSession } from '../../../lib/session/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';

const GoogleSignIn = lazy(() =>
  import('../components/google-sign-in').then((m) => ({ default: m.GoogleSignIn })),
);

type Mode = 'login' | 'register';
const TABS: { mode: Mode; label: string }[] = [
  { mode: 'login', label: 'Login' },
  { mode: 'register', label: 'Register' },
];

/** Where to go after signing in: the remembered location, else the dashboard. */
function destination(state: unknown): string {
  const from = (state as RememberedLocation | null)?.from;
  if (!from?.pathname || from.pathname === PATHS.login) return PATHS.dashboard;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginPage() {
  const location = useLocation();
  // Sent from an invitation: registering is prefilled, and registering or Google joins its organisation.
  const invitation = invitationFrom(location.state);
  const [mode, setMode] = useState<Mode>(
    (location.state as { mode?: Mode } | null)?.mode === 'register' ? 'register' : 'login',
  );
  usePageTitle(mode === 'login' ? 'Login' : 'Register');
  const session = useSession();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const baseId = useId();

  const signedIn = (token: string, user: User) => {
    session.login(token, user);
    navigate(destination(location.state), { replace: true });
  };
  /** Registered or signed in with Google through an invitation: already a member, so to the dashboard. */
  const joined = (token: string, user: User) => {
    session.login(token, user);
    navigate(invitation ? PATHS.dashboard : destination(location.state), { replace: true });
  };

  const onTabKey = (event: React.KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = mode === 'login' ? 'register' : 'login';
    setMode(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <section className="flex flex-1 items-stretch bg-page">
      <div className="hidden w-[42%] flex-col justify-between bg-ink p-12 text-white lg:flex">
        <Link to={PATHS.home} className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {config.siteName}
        </Link>
        <div>
          <BarChart3 aria-hidden="true" className="size-10 text-highlight" />
          <p className="mt-6 text-3xl font-semibold tracking-tight">
            Your sector's numbers, one sign-in away.
          </p>
          <p className="mt-4 max-w-md text-white/75">
            Upload your data, refresh your reports and share tiered dashboards with your team.
          </p>
        </div>
        <p className="text-sm text-white/60">Data analytics and consulting · Mumbai</p>
      </div>

      <div className="flex flex-1 flex-col items-center justify-center px-4 py-10 sm:px-8">
        <div className="mb-6 flex w-full max-w-md flex-wrap justify-between gap-2">
          <Link to={PATHS.home} className={buttonClasses('ghost', 'sm')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Home
          </Link>
          <Link to={PATHS.reportIssue} className={buttonClasses('ghost', 'sm')}>
            <Bug aria-hidden="true" className="size-4" />
            Report Issue
          </Link>
        </div>

        <div className="w-full max-w-md rounded-[var(--radius-card)] border border-line bg-surface p-6 shadow-[var(--shadow-card)] sm:p-8">
          <h1 className="text-2xl font-semibold text-ink">{mode === 'login' ? 'Login' : 'Register'}</h1>
          <p className="mt-1 text-sm text-muted">
            {mode === 'login'
              ? 'Welcome back. Sign in to your dashboard.'
              : `Create your ${config.siteName} account.`}
          </p>

          {invitation && (
            <p className="mt-4 rounded-[var(--radius-control)] bg-brand-soft p-3 text-sm text-ink">
              You are invited to join <span className="font-semibold">{invitation.organisationName}</span> as{' '}
              {ROLE_LABELS[invitation.role].toLowerCase()}.
            </p>
          )}

          <div
            role="tablist"
            aria-label="Sign in or register"
            className="mt-6 grid grid-cols-2 rounded-[var(--radius-control)] bg-page p-1"
          >
            {TABS.map((tab) => (
              <button
                key={tab.mode}
                id={`${baseId}-tab-${tab.mode}`}
                type="button"
                role="tab"
                aria-selected={mode === tab.mode}
                aria-controls={`${baseId}-panel`}
                tabIndex={mode === tab.mode ? 0 : -1}
                onClick={() => setMode(tab.mode)}
                onKeyDown={onTabKey}
                className={`h-9 rounded-md text-sm font-semibold transition-colors duration-150 ${
                  mode === tab.mode ? 'bg-surface text-ink shadow-sm' : 'text-muted hover:text-ink'
                }`}
              >
                {tab.label}
              </button>
            ))}
          </div>

          <div
            id={`${baseId}-panel`}
            role="tabpanel"
            aria-labelledby={`${baseId}-tab-${mode}`}
            className="mt-6"
          >
            {/* A new key per tab: switching tabs clears the form. */}
            {mode === 'login' ? (
              <LoginForm key="login" onSuccess={signedIn} />
            ) : (
              <RegisterForm key="register" invitation={invitation ?? undefined} onSuccess={joined} />
            )}
          </div>

          {config.google.enabled && config.google.clientId && (
            <div className="mt-6">
              <div className="mb-4 flex items-center gap-3 text-xs uppercase tracking-wide text-muted">
                <span className="h-px flex-1 bg-line" />
                or
                <span className="h-px flex-1 bg-line" />
              </div>
              <Suspense fallback={<div className="h-10" />}>
                <GoogleSignIn
                  clientId={config.google.clientId}
                  invitationToken={invitation?.token}
                  onSuccess={joined}
                />
              </Suspense>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
