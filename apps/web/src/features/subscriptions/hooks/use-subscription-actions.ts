import type { Subscription } from '@insightra/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';
import { subscriptionsKey, updateSubscription } from '../../../lib/subscriptions/subscriptions-api';
import { removeSubscription, sendSubscriptionNow } from '../api/subscription-actions';

/** A message for a change the server refused without saying why. */
const FAILED = 'That did not work. Please try again.';

/**
 * Pause or resume, send now and delete, each with the server's message as a toast; the list is read
 * again after each change.
 */
export function useSubscriptionActions() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const viewer = useSession().user;
  const options = {
    onSuccess: async (answer: { message: string }) => {
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: subscriptionsKey(viewer) });
    },
    onError: (err: Error) => toast.error(errorMessage(err, FAILED)),
  };
  const pause = useMutation({
    mutationFn: (s: Subscription) => updateSubscription(s.id, { paused: !s.paused }),
    ...options,
  });
  const sendNow = useMutation({ mutationFn: (s: Subscription) => sendSubscriptionNow(s.id), ...options });
  const remove = useMutation({ mutationFn: (s: Subscription) => removeSubscription(s.id), ...options });
  const changes = { pause, sendNow, remove };
  /** Which change of `s` is under way, if any. */
  const busy = (s: Subscription) =>
    (Object.keys(changes) as (keyof typeof changes)[]).find(
      (k) => changes[k].isPending && changes[k].variables?.id === s.id,
    ) ?? null;
  return { ...changes, busy };
}
