import { ORGANISATION_MESSAGES, PATHS } from '@insightra/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LogIn, MailX, UserPlus, UsersRound } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast/toast-context';
import { ApiError, errorMessage } from '../../../lib/api-client';
import type { InvitationState } from '../../../lib/organisations/invitation-state';
import { ROLE_LABELS } from '../../../lib/organisations/roles';
import { usePublicConfig } from '../../../lib/public-config';
import { useSession } from '../../../lib/session/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { acceptInvitation, invitationQuery } from '../api/invitation-api';

const CARD =
  'w-full max-w-lg rounded-[var(--radius-card)] border border-line bg-surface p-6 shadow-[var(--shadow-card)] sm:p-10';

/** A link that no longer leads anywhere: used, revoked, expired or mistyped. */
function Invalid() {
  return (
    <div className={`${CARD} flex flex-col items-center gap-4 text-center`}>
      <MailX aria-hidden="true" className="size-10 text-muted" />
      <h1 className="text-2xl font-semibold text-ink">{ORGANISATION_MESSAGES.invitationInvalid}</h1>
      <p className="text-muted">Ask the person who invited you for a new link.</p>
      <Link to={PATHS.home} className={buttonClasses('secondary')}>
        Back to Home
      </Link>
    </div>
  );
}

/**
 * /invite/{token} (public): who invites, to what organisation, as what role. Signed in, Accept joins it
 * and works there; signed out, signing in comes back here, and registering (or Google) joins at once.
 */
export function InvitePage() {
  usePageTitle('Invitation');
  const token = useParams().token ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const { google } = usePublicConfig();
  const invitation = useQuery(invitationQuery(token));

  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: ({ token: sessionToken, user }) => {
      session.login(sessionToken, user);
      navigate(PATHS.dashboard, { replace: true });
      toast.success(ORGANISATION_MESSAGES.joined(user.organisation?.name ?? ''));
    },
  });

  let content: React.ReactNode;
  if (invitation.isPending) content = <Spinner text="Loading the invitation..." className="py-24" />;
  else if (invitation.isError) {
    // The server answers 4xx for a link that leads nowhere; anything else is worth another try.
    const gone =
      invitation.error instanceof ApiError && invitation.error.status >= 400 && invitation.error.status < 500;
    content = gone ? (
      <Invalid />
    ) : (
      <div role="alert" className={`${CARD} flex flex-col items-center gap-4 text-center text-error`}>
        <p>{errorMessage(invitation.error, 'The invitation could not be loaded.')}</p>
        <Button variant="secondary" onClick={() => void invitation.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else if (invitation.data.expired) content = <Invalid />;
  else {
    const { organisationName, invitedBy, email, role } = invitation.data;
    const state: InvitationState = {
      from: { pathname: PATHS.inviteOf(token) },
      mode: 'login',
      invitation: { token, email, organisationName, role },
    };
    const signedIn = session.status === 'authenticated' && session.user;
    content = (
      <div className={CARD}>
        <UsersRound aria-hidden="true" className="size-10 text-brand" />
        <h1 className="mt-4 text-2xl font-semibold text-ink">Join {organisationName}</h1>
        <p className="mt-2 text-ink">
          {invitedBy} invites you to join <span className="font-semibold">{organisationName}</span> as{' '}
          <span className="font-semibold">{ROLE_LABELS[role].toLowerCase()}</span>.
        </p>
        <p className="mt-1 text-sm text-muted">The invitation was sent to {email}.</p>
        {accept.isError && (
          <p
            role="alert"
            className="mt-6 rounded-[var(--radius-control)] bg-error-soft p-3 text-sm text-error"
          >
            {errorMessage(accept.error, 'The invitation could not be accepted. Please try again.')}
          </p>
        )}
        {signedIn ? (
          <div className="mt-8 flex flex-col gap-3">
            <p className="text-sm text-muted">
              Signed in as {session.user?.email ?? session.user?.username}.
            </p>
            <Button
              size="lg"
              loading={accept.isPending || accept.isSuccess}
              loadingText="Joining..."
              onClick={() => accept.mutate()}
            >
              Accept invitation
            </Button>
          </div>
        ) : (
          <div className="mt-8 flex flex-col gap-3">
            <Link to={PATHS.login} state={state} className={buttonClasses('primary', 'lg')}>
              <LogIn aria-hidden="true" className="size-4" />
              Sign in to accept
            </Link>
            <Link
              to={PATHS.login}
              state={{ ...state, mode: 'register' } satisfies InvitationState}
              className={buttonClasses('secondary', 'lg')}
            >
              <UserPlus aria-hidden="true" className="size-4" />
              Register as {email}
            </Link>
            {google.enabled && (
              <p className="text-center text-sm text-muted">
                Either way, you can continue with Google there.
              </p>
            )}
          </div>
        )}
      </div>
    );
  }

  return <section className="flex flex-1 items-center justify-center bg-page px-4 py-16">{content}</section>;
}
