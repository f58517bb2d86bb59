import type { Member, Subscription, User } from '@insightra/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { membersQuery } from '../../lib/organisations/members-query';
import { useSession } from '../../lib/session/session-context';
import {
  createSubscription,
  subscriptionsKey,
  subscriptionsQuery,
  updateSubscription,
} from '../../lib/subscriptions/subscriptions-api';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { useToast } from '../ui/toast/toast-context';
import { NoEmailNotice } from './no-email-notice';
import { RecipientsField } from './recipients-field';
import { ScheduleFields } from './schedule-fields';
import { bodyOf, draftError, draftOf, type SubscriptionDraft } from './subscription-draft';

export interface SubscriptionDialogProps {
  /** The report tab e-mailed. */
  report: { id: number; name: string };
  /** The subscription to change; a new one when absent. */
  subscription?: Subscription;
  onClose: () => void;
}

/** Oneself as a member, for when the members cannot be listed. */
const selfMember = (user: User): Member => ({
  userId: user.id,
  username: user.username,
  fullName: user.fullName,
  email: user.email,
  role: user.organisation?.role ?? 'viewer',
  joinedAt: '',
});

/**
 * Subscribe a report tab by e-mail, or change a subscription: prefilled (weekly on Monday at 09:00
 * India time, to oneself) so that Subscribe is the only click needed. Without e-mail on the server it
 * says why and cannot subscribe.
 */
export function SubscriptionDialog({ report, subscription, onClose }: SubscriptionDialogProps) {
  const user = useSession().user;
  if (!user?.organisation) return null;
  return <SubscriptionForm report={report} subscription={subscription} onClose={onClose} user={user} />;
}

function SubscriptionForm({ report, subscription, onClose, user }: SubscriptionDialogProps & { user: User }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const formId = useId();
  const noticeId = `${formId}-notice`;
  const organisationId = user.organisation?.id ?? 0;
  const list = useQuery(subscriptionsQuery(user));
  const members = useQuery(membersQuery(user, organisationId));
  const [draft, setDraft] = useState<SubscriptionDraft>(() => draftOf(subscription, user.id));
  const [shownError, setShownError] = useState<string | null>(null);
  const noEmail = list.data?.emailEnabled === false;
  const blocked = noEmail && !subscription;

  const save = useMutation({
    mutationFn: () =>
      subscription
        ? updateSubscription(subscription.id, bodyOf(draft))
        : createSubscription({ reportId: report.id, ...bodyOf(draft) }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      onClose();
      await queryClient.invalidateQueries({ queryKey: subscriptionsKey(user) });
    },
    onError: (err) =>
      setShownError(errorMessage(err, 'The subscription could not be saved. Please try again.')),
  });

  const submit = () => {
    const problem = draftError(draft);
    setShownError(problem);
    if (!problem) save.mutate();
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!save.isPending}
      title={subscription ? 'Change subscription' : 'Subscribe by e-mail'}
      description={`${report.name}: a PDF of the report and its key figures, by e-mail.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={save.isPending}
            loadingText="Saving..."
            disabled={blocked}
            aria-describedby={noEmail ? noticeId : undefined}
          >
            {subscription ? 'Save changes' : 'Subscribe'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (!blocked) submit();
        }}
      >
        {noEmail && <NoEmailNotice id={noticeId} />}
        <ScheduleFields draft={draft} onChange={(change) => setDraft((d) => ({ ...d, ...change }))} />
        <RecipientsField
          members={members.data?.members ?? (members.isError ? [selfMember(user)] : undefined)}
          selfId={user.id}
          canChooseOthers={user.organisation?.role !== 'viewer'}
          value={draft.recipients}
          onChange={(recipients) => setDraft((d) => ({ ...d, recipients }))}
        />
        <label className="flex cursor-pointer items-start gap-3 text-sm text-ink">
          <input
            type="checkbox"
            checked={draft.skipWithoutNewData}
            onChange={(e) => setDraft((d) => ({ ...d, skipWithoutNewData: e.target.checked }))}
            className="mt-0.5 size-4 accent-brand"
          />
          <span>
            Skip when there is no new data
            <span className="block text-xs text-muted">
              Nothing is sent when no refresh brought new data since the last e-mail.
            </span>
          </span>
        </label>
        {shownError && (
          <p
            role="alert"
            className="rounded-[var(--radius-control)] bg-error-soft px-3 py-2 text-sm text-error"
          >
            {shownError}
          </p>
        )}
      </form>
    </Modal>
  );
}
