import { api, type RouteBody } from '@insightra/contract';
import { apiRequest } from '../api-client';
import { queryKey, type Viewer } from '../query-keys';

export type NewSubscriptionBody = RouteBody<typeof api.subscriptions.create>;
export type SubscriptionChangeBody = RouteBody<typeof api.subscriptions.update>;

export const subscriptionsKey = (viewer: Viewer) => queryKey(viewer, 'subscriptions', 'list');

/** The active organisation's subscriptions the viewer made or receives, and whether e-mail is set up. */
export const subscriptionsQuery = (viewer: Viewer) => ({
  queryKey: subscriptionsKey(viewer),
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await apiRequest(api.subscriptions.list, { signal })).data,
});

export const createSubscription = (body: NewSubscriptionBody) =>
  apiRequest(api.subscriptions.create, { body });

export const updateSubscription = (id: number, body: SubscriptionChangeBody) =>
  apiRequest(api.subscriptions.update, { params: { id }, body });
