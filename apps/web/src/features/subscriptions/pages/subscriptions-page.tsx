import { PATHS, type Subscription, type User } from '@insightra/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, MailPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { OrganisationSwitcher } from '../../../components/organisation/organisation-switcher';
import { NoEmailNotice } from '../../../components/subscriptions/no-email-notice';
import { SubscriptionDialog } from '../../../components/subscriptions/subscription-dialog';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';
import { subscriptionsQuery } from '../../../lib/subscriptions/subscriptions-api';
import { usePageTitle } from '../../../lib/use-page-title';
import { DeleteSubscriptionDialog } from '../components/delete-subscription-dialog';
import { SubscriptionCard } from '../components/subscription-card';
import { useSubscriptionActions } from '../hooks/use-subscription-actions';

export const NO_SUBSCRIPTIONS = "No subscriptions yet — subscribe from a report's Export menu";

/** Its creator or an owner may change a subscription (the server checks it too). */
const canEdit = (user: User, s: Subscription) =>
  user.organisation?.role === 'owner' || s.createdBy?.id === user.id;

/**
 * /subscriptions: the reports e-mailed on a schedule that the member made or receives (all of the
 * organisation's for an owner), with their next run and status; edit, pause or resume, send now,
 * delete, and each one's latest deliveries.
 */
export function SubscriptionsPage() {
  usePageTitle('E-mail subscriptions');
  const user = useSession().user;
  const list = useQuery(subscriptionsQuery(user));
  const actions = useSubscriptionActions();
  const [editing, setEditing] = useState<Subscription | null>(null);
  const [deleting, setDeleting] = useState<Subscription | null>(null);

  let body: React.ReactNode;
  if (list.isPending) body = <Spinner text="Loading subscriptions..." className="py-16" />;
  else if (list.isError)
    body = (
      <div
        role="alert"
        className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] bg-error-soft p-8 text-center text-error"
      >
        <p>{errorMessage(list.error, 'The subscriptions could not be loaded.')}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Try Again
        </Button>
      </div>
    );
  else if (list.data.subscriptions.length === 0)
    body = (
      <EmptyState
        icon={<MailPlus className="size-10" />}
        message={NO_SUBSCRIPTIONS}
        action={
          <Link to={PATHS.dashboard} className={buttonClasses('primary')}>
            Open the dashboard
          </Link>
        }
      />
    );
  else
    body = (
      <div className="flex flex-col gap-4">
        {list.data.subscriptions.map((s) => {
          return (
            <SubscriptionCard
              key={s.id}
              subscription={s}
              editable={user ? canEdit(user, s) : false}
              busy={actions.busy(s)}
              onEdit={() => setEditing(s)}
              onPause={() => actions.pause.mutate(s)}
              onSendNow={() => actions.sendNow.mutate(s)}
              onDelete={() => setDeleting(s)}
            />
          );
        })}
      </div>
    );

  return (
    <section className="flex-1 bg-page">
      <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-10 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
              E-mail subscriptions
            </h1>
            <p className="mt-1 text-muted">
              Reports sent by e-mail on a schedule, as a PDF with their key figures.
            </p>
          </div>
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <OrganisationSwitcher className="max-w-full sm:max-w-xs" />
            <Link to={PATHS.dashboard} className={buttonClasses('secondary')}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to Dashboard
            </Link>
          </div>
        </div>
        {list.data?.emailEnabled === false && <NoEmailNotice />}
        {body}
      </div>
      {editing && (
        <SubscriptionDialog
          report={{ id: editing.reportId, name: editing.reportName }}
          subscription={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteSubscriptionDialog
        subscription={deleting}
        deleting={actions.remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={(s) => actions.remove.mutate(s, { onSuccess: () => setDeleting(null) })}
      />
    </section>
  );
}
