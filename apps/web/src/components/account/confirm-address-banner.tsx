import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { resendConfirmation } from '../../lib/account/confirmation-api';
import { errorMessage } from '../../lib/api-client';
import { usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/session/session-context';
import { Button } from '../ui/button';

/**
 * Says, on a server that sends mail, that the signed-in user's address is not confirmed yet and what
 * waits for it, with "Send the link again". Nothing otherwise.
 */
export function ConfirmAddressBanner() {
  const { user } = useSession();
  const { mail } = usePublicConfig();
  const resend = useMutation({ mutationFn: resendConfirmation });
  if (!mail.enabled || !user?.email || user.emailVerified) return null;
  return (
    <section
      aria-label="Confirm your e-mail address"
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-warning/30 bg-warning-soft p-4 text-sm text-ink sm:flex-row sm:items-center"
    >
      <div className="flex flex-1 gap-3">
        <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
        <div>
          <p className="font-semibold">Confirm your e-mail address</p>
          <p className="mt-0.5">
            We sent a link to <span className="font-medium break-words">{user.email}</span>. Until you open
            it, you cannot subscribe to reports, receive them or invite people.
          </p>
          <p aria-live="polite" className={resend.isError ? 'mt-1 text-error' : 'mt-1 text-success'}>
            {resend.isSuccess && resend.data.message}
            {resend.isError && errorMessage(resend.error, 'The link could not be sent. Please try again.')}
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-center"
        loading={resend.isPending}
        loadingText="Sending..."
        onClick={() => resend.mutate()}
      >
        Send the link again
      </Button>
    </section>
  );
}
