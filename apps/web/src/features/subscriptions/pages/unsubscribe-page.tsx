import { PATHS, SUBSCRIPTION_MESSAGES } from '@insightra/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MailCheck, MailMinus, MailX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { NoticeCard } from '../../../components/ui/notice-card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/public-config';
import { usePageTitle } from '../../../lib/use-page-title';
import { unsubscribe, unsubscribeInfoQuery } from '../api/subscription-actions';

const home = (
  <Link to={PATHS.home} className={buttonClasses('secondary')}>
    Back to Home
  </Link>
);

const failure = (err: unknown) => (
  <p role="alert" className="w-full rounded-[var(--radius-control)] bg-error-soft p-3 text-sm text-error">
    {errorMessage(err, 'That did not work. Please try again.')}
  </p>
);

/** A link that leads nowhere: mistyped, or its subscription was deleted. */
const invalid = (
  <NoticeCard
    icon={<MailX aria-hidden="true" className="size-10 text-muted" />}
    title={SUBSCRIPTION_MESSAGES.unsubscribeInvalid}
    footer={home}
  >
    The subscription was deleted, or the link is not whole.
  </NoticeCard>
);

/**
 * /unsubscribe/{token} (public): the link of a subscription's e-mail. Opening it only reads what it is
 * for (mail scanners open links): the report and its organisation. One button unsubscribes, without
 * signing in; a link used before says so. Then "everything from this organisation" asks for no more mail
 * of any kind from it.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const token = useParams().token ?? '';
  const { siteName } = usePublicConfig();
  const info = useQuery(unsubscribeInfoQuery(token));
  const one = useMutation({ mutationFn: () => unsubscribe(token) });
  const all = useMutation({ mutationFn: () => unsubscribe(token, 'organisation') });

  if (info.isPending)
    return (
      <section className="flex flex-1 items-center justify-center bg-page px-4 py-16">
        <Spinner text="Loading..." />
      </section>
    );
  const gone = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500;
  if (info.isError) {
    if (gone(info.error)) return invalid;
    return (
      <NoticeCard
        icon={<MailX aria-hidden="true" className="size-10 text-error" />}
        title="The link could not be opened"
        footer={
          <Button variant="secondary" onClick={() => void info.refetch()}>
            Try Again
          </Button>
        }
      >
        {errorMessage(info.error, 'The server could not be reached. Please try again.')}
      </NoticeCard>
    );
  }
  if (gone(one.error) || gone(all.error)) return invalid;

  const { reportName, organisationName } = info.data;
  const report = <span className="font-medium text-ink">{reportName}</span>;
  const organisation = <span className="font-medium text-ink">{organisationName}</span>;

  if (all.isSuccess || info.data.organisationUnsubscribed)
    return (
      <NoticeCard
        icon={<MailCheck aria-hidden="true" className="size-10 text-success" />}
        title={all.isSuccess ? all.data.message : `You receive no more e-mail from ${organisationName}`}
        footer={home}
      >
        Nothing from {organisation} reaches this address on {siteName} any more: no reports and no
        invitations. Subscribing yourself again, signed in, lifts this.
      </NoticeCard>
    );

  if (one.isSuccess || info.data.unsubscribed)
    return (
      <NoticeCard
        icon={<MailCheck aria-hidden="true" className="size-10 text-success" />}
        title={one.isSuccess ? one.data.message : `You have already unsubscribed from ${reportName}`}
        footer={
          <div className="flex w-full flex-col items-center gap-3 border-t border-line pt-4">
            <p className="text-sm text-muted">
              Want no more e-mail of any kind from {organisation}, now or later?
            </p>
            {all.isError && failure(all.error)}
            <Button
              variant="secondary"
              loading={all.isPending}
              loadingText="Unsubscribing..."
              onClick={() => all.mutate()}
            >
              Unsubscribe from everything
            </Button>
            {home}
          </div>
        }
      >
        You no longer receive {report} from {organisation}. Whoever subscribed you can add you again.
      </NoticeCard>
    );

  return (
    <NoticeCard
      icon={<MailMinus aria-hidden="true" className="size-10 text-brand" />}
      title={`Unsubscribe from ${reportName}`}
      footer={
        <>
          {one.isError && failure(one.error)}
          <Button
            size="lg"
            loading={one.isPending}
            loadingText="Unsubscribing..."
            onClick={() => one.mutate()}
          >
            Unsubscribe
          </Button>
        </>
      }
    >
      You receive {report} from {organisation} by e-mail from {siteName}. Unsubscribe to stop it; your account
      and other e-mails stay as they are.
    </NoticeCard>
  );
}
