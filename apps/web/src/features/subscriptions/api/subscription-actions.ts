import { api } from '@insightra/contract';
import { apiRequest } from '../../../lib/api-client';
import { PUBLIC, queryKey, type Viewer } from '../../../lib/query-keys';

/** A subscription's latest deliveries, newest first, failures with their reason. */
export const deliveriesQuery = (viewer: Viewer, id: number) => ({
  queryKey: queryKey(viewer, 'subscriptions', 'deliveries', id),
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await apiRequest(api.subscriptions.deliveries, { params: { id }, signal })).data.deliveries,
});

export const removeSubscription = (id: number) => apiRequest(api.subscriptions.remove, { params: { id } });

export const sendSubscriptionNow = (id: number) => apiRequest(api.subscriptions.sendNow, { params: { id } });

/** What a mail's unsubscribe link is for (its report and organisation) and what was done already. */
export const unsubscribeInfoQuery = (token: string) => ({
  queryKey: queryKey(PUBLIC, 'subscriptions', 'unsubscribeInfo', token),
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await apiRequest(api.subscriptions.unsubscribeInfo, { params: { token }, signal })).data,
});

/**
 * The public unsubscribe of a mail's link: no session needed. `organisation`: nothing more of any kind
 * from the subscription's organisation.
 */
export const unsubscribe = (token: string, scope?: 'organisation') =>
  apiRequest(api.subscriptions.unsubscribe, { params: { token }, ...(scope ? { body: { scope } } : {}) });
