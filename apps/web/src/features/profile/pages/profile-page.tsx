import { MESSAGES, PATHS, type User } from '@insightra/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, ArrowLeft, IdCard, ListChecks, ShieldCheck, UserRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ConfirmAddressBanner } from '../../../components/account/confirm-address-banner';
import { OrganisationSwitcher } from '../../../components/organisation/organisation-switcher';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { ROLE_LABELS } from '../../../lib/organisations/roles';
import { usePublicConfig } from '../../../lib/public-config';
import { useSession } from '../../../lib/session/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { meQuery, sectorQuery, updateFullName, updateUsername, uploadsQuery } from '../api/profile-api';
import { DisconnectGoogle } from '../components/disconnect-google';
import { EditableText } from '../components/editable-text';
import { LogOutEverywhere } from '../components/log-out-everywhere';
import { OwnerProofProvider } from '../components/owner-proof-provider';
import { PasswordEditor } from '../components/password-editor';
import { ProfileRow, ProfileSection } from '../components/profile-section';
import { formatIndiaDateTime, permissionLabel } from '../format';

// Google's script loads only when Google sign-in is configured and the account is not connected yet.
const ConnectGoogle = lazy(() =>
  import('../components/connect-google').then((m) => ({ default: m.ConnectGoogle })),
);

function validateFullName(draft: string) {
  const v = draft.trim();
  if (!v) return MESSAGES.profile.fullNameEmpty;
  if (v.length < 2) return MESSAGES.profile.fullNameTooShort;
  return null;
}

const validateUsername = (draft: string) => (draft.trim() ? null : MESSAGES.profile.usernameEmpty);

export function ProfilePage() {
  usePageTitle('Profile');
  const session = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const me = useQuery(meQuery(session.user));
  const user = me.data;
  const sector = useQuery({ ...sectorQuery(user?.sectorId ?? 0), enabled: Boolean(user?.sectorId) });
  const uploads = useQuery(uploadsQuery(session.user));
  const config = usePublicConfig();

  /** Keeps the page, the session and the stored token in step after a change. */
  const applied = (next: User, token?: string) => {
    queryClient.setQueryData(meQuery(session.user).queryKey, next);
    if (token) session.login(token, next);
    else session.setUser(next);
  };

  const saveWith =
    (
      request: (draft: string) => Promise<{ message: string; data: { user: User; token?: string } }>,
      fallback: string,
    ) =>
    async (draft: string) => {
      try {
        const res = await request(draft);
        if (!res?.data?.user) throw new Error(MESSAGES.auth.invalidResponse);
        applied(res.data.user, res.data.token);
        toast.success(res.message);
      } catch (err) {
        toast.error(errorMessage(err, fallback));
        throw err;
      }
    };

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold text-ink sm:text-3xl">Profile</h1>
        <p className="mt-1 text-muted">Your account, sign-in methods and permissions.</p>
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <OrganisationSwitcher className="max-w-full sm:max-w-xs" />
        <Link to={PATHS.dashboard} className={buttonClasses('secondary')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Dashboard
        </Link>
      </div>
    </div>
  );

  let body: React.ReactNode;
  if (me.isPending) body = <Spinner text={MESSAGES.other.loading} className="py-24" />;
  else if (me.isError || !user) {
    body = (
      <div
        role="alert"
        className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] bg-error-soft p-10 text-error"
      >
        <p>{MESSAGES.profile.loadFailed}</p>
        <Button variant="secondary" onClick={() => void me.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else {
    const list = uploads.data ?? [];
    const last = list[0];
    const sectorText = !user.sectorId
      ? 'Not chosen yet'
      : sector.isError
        ? MESSAGES.profile.sectorFailed
        : (sector.data?.name ?? user.sector?.name ?? 'Loading...');
    body = (
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileSection title="Personal Info" icon={UserRound}>
          <EditableText
            label="Full Name"
            value={user.fullName ?? ''}
            autoComplete="name"
            validate={validateFullName}
            save={saveWith(updateFullName, MESSAGES.profile.fullNameFailed)}
          />
          <ProfileRow label="Email">
            {user.email ?? '—'}
            {user.email && config.mail.enabled && !user.emailVerified && (
              <span className="ml-2 rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium">
                Not confirmed
              </span>
            )}
          </ProfileRow>
          <ProfileRow label="Mobile Number">{user.mobileNumber ?? '—'}</ProfileRow>
          <ProfileRow label="Location">{user.location ?? '—'}</ProfileRow>
          <ProfileRow label="Region">{user.region ?? '—'}</ProfileRow>
        </ProfileSection>

        <ProfileSection title="Account Details" icon={IdCard}>
          <EditableText
            label="Username"
            value={user.username}
            autoComplete="username"
            validate={validateUsername}
            save={saveWith(updateUsername, MESSAGES.profile.usernameFailed)}
          />
          <ProfileRow label="User ID">{user.id}</ProfileRow>
          <ProfileRow label="Role">{user.role === 'admin' ? 'Administrator' : 'Member'}</ProfileRow>
          <ProfileRow label="Organisation">
            {user.organisation
              ? `${user.organisation.name} · ${ROLE_LABELS[user.organisation.role]}`
              : 'None yet'}
          </ProfileRow>
          <ProfileRow label="Sector">
            <span className={sector.isError ? 'text-error' : ''}>{sectorText}</span>
          </ProfileRow>
          <ProfileRow label="Customer ID">{user.customerId}</ProfileRow>
          <ProfileRow label="Dashboard Header">{user.dashboardHeader}</ProfileRow>
        </ProfileSection>

        <ProfileSection title="Authentication" icon={ShieldCheck}>
          <ProfileRow label="Sign-in Methods">
            <span className="inline-flex flex-wrap gap-2 sm:justify-end">
              {user.providers.map((p) => (
                <span
                  key={p}
                  className="rounded-full bg-brand-soft px-2.5 py-0.5 text-sm font-medium text-brand-strong"
                >
                  {p === 'google' ? 'Google' : 'Password'}
                </span>
              ))}
            </span>
          </ProfileRow>
          <OwnerProofProvider hasPassword={user.password} googleClientId={config.google.clientId}>
            <PasswordEditor hasPassword={user.password} onSaved={() => void me.refetch()} />
            {user.providers.includes('google') && (
              <DisconnectGoogle hasPassword={user.password} onDisconnected={applied} />
            )}
            {config.google.enabled && config.google.clientId && !user.providers.includes('google') && (
              <ProfileRow label="Connect Google">
                <Suspense fallback={<span className="text-muted">{MESSAGES.other.loading}</span>}>
                  <ConnectGoogle
                    clientId={config.google.clientId}
                    onLinked={(token, next) => applied(next, token)}
                  />
                </Suspense>
              </ProfileRow>
            )}
          </OwnerProofProvider>
          <LogOutEverywhere />
        </ProfileSection>

        <ProfileSection title="Activity" icon={Activity}>
          <ProfileRow label="Account Created">{formatIndiaDateTime(user.created_date)}</ProfileRow>
          <ProfileRow label="Last Updated">{formatIndiaDateTime(user.updated_date)}</ProfileRow>
          <ProfileRow label="Uploads">
            {uploads.isPending ? (
              'Loading...'
            ) : uploads.isError ? (
              'Unavailable'
            ) : (
              <span className="tabular">{list.length}</span>
            )}
          </ProfileRow>
          <ProfileRow label="Last Upload">
            {last
              ? `${last.file_name} · ${formatIndiaDateTime(last.date)}`
              : uploads.isPending
                ? 'Loading...'
                : '—'}
          </ProfileRow>
          {user.organisation && (
            <ProfileRow label="E-mail Subscriptions">
              <Link to={PATHS.subscriptions} className="font-medium text-brand hover:underline">
                Manage subscriptions
              </Link>
            </ProfileRow>
          )}
        </ProfileSection>

        <ProfileSection title="Permissions" icon={ListChecks}>
          {Object.entries(user.permissions).map(([key, value]) => (
            <ProfileRow key={key} label={permissionLabel(key)}>
              {typeof value === 'boolean' ? (
                <span className={value ? 'font-medium text-success' : 'text-muted'}>
                  {value ? 'Yes' : 'No'}
                </span>
              ) : (
                String(value)
              )}
            </ProfileRow>
          ))}
        </ProfileSection>
      </div>
    );
  }

  return (
    <section className="flex-1 bg-page">
      <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-8 px-4 py-10 sm:px-6">
        {header}
        <ConfirmAddressBanner />
        {body}
      </div>
    </section>
  );
}
