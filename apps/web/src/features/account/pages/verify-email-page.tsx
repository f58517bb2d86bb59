import { ACCOUNT_MAIL_MESSAGES, PATHS } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { MailCheck, MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { NoticeCard } from '../../../components/ui/notice-card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { verifyEmail } from '../api/account-mail-api';

/**
 * /verify-email/{token} (public): the link mailed to confirm an address. Opening it confirms it (the
 * link is single-use and nothing else happens), and says whose address it was; a used or expired link
 * says so and where a new one comes from.
 */
export function VerifyEmailPage() {
  usePageTitle('Confirm your e-mail address');
  const token = useParams().token ?? '';
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const verify = useMutation({
    mutationFn: () => verifyEmail(token),
    // The banner asking for a confirmation goes as soon as the session's user is read again.
    onSuccess: () => {
      if (signedIn) void session.refresh();
    },
  });
  // Once per page, even when React runs effects twice.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    verify.mutate();
  }, [verify]);

  const next = (
    <Link to={signedIn ? PATHS.dashboard : PATHS.login} className={buttonClasses('primary')}>
      {signedIn ? 'Go to Dashboard' : 'Sign In'}
    </Link>
  );
  if (verify.isSuccess) {
    const { username } = verify.data.data;
    return (
      <NoticeCard
        icon={<MailCheck aria-hidden="true" className="size-10 text-success" />}
        title={verify.data.message}
        footer={next}
      >
        It is the address of the account <span className="font-medium text-ink">{username}</span>: reports and
        invitations can now be sent to it.
      </NoticeCard>
    );
  }
  if (verify.isError) {
    const invalid =
      verify.error instanceof ApiError && verify.error.status >= 400 && verify.error.status < 500;
    if (invalid)
      return (
        <NoticeCard
          icon={<MailX aria-hidden="true" className="size-10 text-muted" />}
          title={ACCOUNT_MAIL_MESSAGES.linkInvalid}
          footer={next}
        >
          It was used already, or it is more than a day old. Sign in and choose "Send the link again" on your
          dashboard for a new one.
        </NoticeCard>
      );
    return (
      <NoticeCard
        icon={<MailX aria-hidden="true" className="size-10 text-error" />}
        title="The address could not be confirmed"
        footer={
          <Button variant="secondary" onClick={() => verify.mutate()}>
            Try Again
          </Button>
        }
      >
        {errorMessage(verify.error, 'The server could not be reached. Please try again.')}
      </NoticeCard>
    );
  }
  return (
    <section className="flex flex-1 items-center justify-center bg-page px-4 py-16">
      <Spinner text="Confirming your address..." />
    </section>
  );
}
