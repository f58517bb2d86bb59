import { PATHS, SUBSCRIPTION_MESSAGES } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { MailCheck, MailMinus, MailX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/public-config';
import { usePageTitle } from '../../../lib/use-page-title';
import { unsubscribe } from '../api/subscription-actions';

const CARD =
  'flex w-full max-w-lg flex-col items-center gap-4 rounded-[var(--radius-card)] border border-line bg-surface p-6 text-center shadow-[var(--shadow-card)] sm:p-10';

/**
 * /unsubscribe/{token} (public): the link of a subscription's e-mail. Nothing happens on opening it (mail
 * scanners open links); the one button unsubscribes, without signing in.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const token = useParams().token ?? '';
  const { siteName } = usePublicConfig();
  const request = useMutation({ mutationFn: () => unsubscribe(token) });
  // The server answers 4xx for a link that leads nowhere; anything else is worth another try.
  const invalid =
    request.error instanceof ApiError && request.error.status >= 400 && request.error.status < 500;

  let icon = <MailMinus aria-hidden="true" className="size-10 text-brand" />;
  let title = 'Unsubscribe from this report';
  let text: React.ReactNode = `You receive this report by e-mail from ${siteName}. Unsubscribe to stop it; your account and other e-mails stay as they are.`;
  if (request.isSuccess) {
    icon = <MailCheck aria-hidden="true" className="size-10 text-success" />;
    title = request.data.message;
    text = 'Whoever subscribed you can add you again from the report.';
  } else if (invalid) {
    icon = <MailX aria-hidden="true" className="size-10 text-muted" />;
    title = SUBSCRIPTION_MESSAGES.unsubscribeInvalid;
    text = 'You may already have unsubscribed, or the subscription was deleted.';
  }
  const done = request.isSuccess || invalid;

  return (
    <section className="flex flex-1 items-center justify-center bg-page px-4 py-16">
      <div className={CARD}>
        {icon}
        <div role="status" className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold text-ink">{title}</h1>
          <p className="text-muted">{text}</p>
        </div>
        {request.isError && !invalid && (
          <p
            role="alert"
            className="w-full rounded-[var(--radius-control)] bg-error-soft p-3 text-sm text-error"
          >
            {errorMessage(request.error, 'That did not work. Please try again.')}
          </p>
        )}
        {done ? (
          <Link to={PATHS.home} className={buttonClasses('secondary')}>
            Back to Home
          </Link>
        ) : (
          <Button
            size="lg"
            loading={request.isPending}
            loadingText="Unsubscribing..."
            onClick={() => request.mutate()}
          >
            Unsubscribe
          </Button>
        )}
      </div>
    </section>
  );
}
