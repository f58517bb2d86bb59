import { api, type User } from '@insightra/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { json, mockApi } from '../test/render';
import { ApiError, apiRequest } from './api-client';

describe('api client', () => {
  it('fills params and query from the contract route and answers its typed body', async () => {
    const { calls } = mockApi({
      'GET /api/admin/users': (url) => json({ success: true, data: [], pagination: { q: url.search } }),
    });
    const answer = await apiRequest(api.admin.users, { query: { page: 2, q: 'priya', pageSize: undefined } });
    expect(calls[0]?.path).toBe('/api/admin/users');
    expect(answer.pagination).toEqual({ q: '?page=2&q=priya' });
    expectTypeOf(answer.data).items.toHaveProperty('username');
  });

  it('throws ApiError with the server message for a non-OK answer', async () => {
    mockApi({ 'GET /api/auth/me': () => json({ success: false, message: 'Session expired' }, 401) });
    const failure = await apiRequest(api.auth.me).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, message: 'Session expired' });
  });

  it('makes a wrong param, query or body name, and a wrong use of an answer, a type error', () => {
    // Compiled by `npm run check`, never run: each line is an error the contract's types must catch.
    const never = () => {
      // @ts-expect-error the route's param is `id`
      void apiRequest(api.admin.user, { params: { userId: 1 } });
      // @ts-expect-error the query has no `tierr`
      void apiRequest(api.reports.list, { query: { tierr: 'Beta' } });
      // @ts-expect-error not a tier
      void apiRequest(api.reports.list, { query: { tier: 'Gamma' } });
      // @ts-expect-error the route takes no params
      void apiRequest(api.auth.me, { params: { id: 1 } });
      // @ts-expect-error the body's field is `newFullName`
      void apiRequest(api.auth.fullName, { body: { fullName: 'x' } });
      void apiRequest(api.auth.me).then((r) => {
        const user: User = r.data.user;
        // @ts-expect-error the answer has no such field
        return [user, r.data.nope];
      });
    };
    expect(typeof never).toBe('function');
  });
});
