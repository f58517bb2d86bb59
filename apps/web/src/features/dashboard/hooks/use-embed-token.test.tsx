import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { TOKEN_CHECK_MS, tokenNeedsRenewal } from '../../../lib/embed/use-token-renewal';
import { json, mockApi } from '../../../test/render';
import { tokenResponse } from '../testing/dashboard-fixtures';
import { useEmbedToken } from './use-embed-token';

function Harness() {
  const token = useEmbedToken('Beta', true);
  return <p>{token.data ? `token ${token.data.accessToken}` : 'loading'}</p>;
}

const report = { id: 1, tier: 'Beta' as const, report_type: 'Grades', report_uuid: 'u1' };

describe('embed token renewal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews when 10 minutes or less are left, checking every 30 s, keeping the data meanwhile', async () => {
    let issued = 0;
    const { calls } = mockApi({
      'GET /api/powerbi/get-powerbi-token': () => {
        issued += 1;
        // Each token lives 30 minutes from when it is issued.
        return json(tokenResponse('Beta', [report], 30 * 60_000, `t${issued}`));
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders queryClient={client}>
        <Harness />
      </AppProviders>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('token t1')).toBeInTheDocument();

    // 19.5 minutes in: 10.5 minutes left, no renewal yet.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(19.5 * 60_000);
    });
    expect(issued).toBe(1);
    // The next check after 20 minutes renews it.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    });
    expect(issued).toBe(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByText('token t2')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/powerbi/get-powerbi-token')).toHaveLength(2);
    client.clear();
  });

  it('decides renewal from the expiration', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(tokenNeedsRenewal('2026-01-01T10:10:00Z', now)).toBe(true);
    expect(tokenNeedsRenewal('2026-01-01T10:10:01Z', now)).toBe(false);
    expect(tokenNeedsRenewal(null, now)).toBe(false);
  });
});
