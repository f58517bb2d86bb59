import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { domainKey, forgetViewerAnswers, PUBLIC, queryKey } from './query-keys';

describe('query keys (docs/ARCHITECTURE.md#conventions)', () => {
  it("name whose answer they hold, so one user's cached answer never answers another", () => {
    expect(queryKey({ id: 11 }, 'reports', 'list', 'Beta')).toEqual(['user:11', 'reports', 'list', 'Beta']);
    expect(queryKey({ id: 12 }, 'reports', 'list', 'Beta')).not.toEqual(
      queryKey({ id: 11 }, 'reports', 'list', 'Beta'),
    );
    expect(queryKey(null, 'sectors', 'list')).toEqual(['signed-out', 'sectors', 'list']);
    // A route anyone may call answers the same to all: one key for everyone.
    expect(queryKey(PUBLIC, 'config', 'get')).toEqual(['public', 'config', 'get']);
    expect(domainKey({ id: 11 }, 'uploads')).toEqual(['user:11', 'uploads']);
  });

  it('forgetting a viewer keeps only the public answers, and drops every mutation', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKey(PUBLIC, 'config', 'get'), { siteName: 'Insightra' });
    client.setQueryData(queryKey({ id: 11 }, 'reports', 'list', 'Beta'), ['AliceSecretTab']);
    client.setQueryData(queryKey(null, 'sectors', 'list'), []);
    await client
      .getMutationCache()
      .build(client, { mutationFn: async (v: string) => v })
      .execute('new password');
    forgetViewerAnswers(client);
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([['public', 'config', 'get']]);
    expect(client.getMutationCache().getAll()).toEqual([]);
    client.clear();
  });
});
