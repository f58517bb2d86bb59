import { api } from '@insightra/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKey, type Viewer } from '../../../lib/query-keys';

/** A subscription's latest deliveries, newest first, failures with their reason. */
export const deliveriesQuery = (viewer: Viewer, id: number) => ({
  queryKey: queryKey(viewer, 'subscriptions', 'deliveries', id),
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await apiRequest(api.subscriptions.deliveries, { params: { id }, signal })).data.deliveries,
});

export const removeSubscription = (id: number) => apiRequest(api.subscriptions.remove, { params: { id } });

export const sendSubscriptionNow = (id: number) => apiRequest(api.subscriptions.sendNow, { params: { id } });

/** The public one-click unsubscribe of a mail's link: no session needed. */
export const unsubscribe = (token: string) =>
  apiRequest(api.subscriptions.unsubscribe, { params: { token } });
