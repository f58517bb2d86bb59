import { MESSAGES, TIMINGS } from '@insightra/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ToastApi, ToastContext } from '../../../components/ui/toast/toast-context';
import { json, mockApi } from '../../../test/render';
import { useRefresh } from './use-refresh';

function toastSpy() {
  const api = {
    show: vi.fn(),
    info: vi.fn(),
    success: vi.fn(),
    error: vi.fn(),
    warning: vi.fn(),
    dismiss: vi.fn(),
    dismissAll: vi.fn(),
  };
  return api as unknown as ToastApi & Record<keyof ToastApi, ReturnType<typeof vi.fn>>;
}

function Harness({ onCompleted }: { onCompleted: () => void }) {
  const refresh = useRefresh(onCompleted);
  return (
    <button type="button" disabled={refresh.busy} onClick={() => void refresh.start()}>
      {refresh.label}
    </button>
  );
}

function setup(handlers: Parameters<typeof mockApi>[0]) {
  const toast = toastSpy();
  const onCompleted = vi.fn();
  mockApi(handlers);
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={new QueryClient()}>
      <ToastContext.Provider value={{ toasts: [], api: toast }}>{children}</ToastContext.Provider>
    </QueryClientProvider>
  );
  render(wrap(<Harness onCompleted={onCompleted} />));
  return { toast, onCompleted };
}

const flush = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('Refresh Visuals states', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes starting → refreshing → completed → Refresh Visuals, polling every 30 s', async () => {
    let polls = 0;
    const { toast, onCompleted } = setup({
      'POST /api/powerbi/api/refresh-powerbi': () =>
        json({
          success: true,
          status: 'starting',
          refreshId: 'r1',
          currentRefreshId: 'r1',
          estimatedDuration: '2-4 seconds',
          message: '',
        }),
      'GET /api/powerbi/api/refresh-status/r1': () => {
        polls += 1;
        return json(
          polls < 2
            ? { status: 'refreshing', message: 'Refreshing', isComplete: false }
            : { status: 'completed', message: 'Refresh completed', isComplete: true },
        );
      },
    });
    expect(screen.getByRole('button')).toHaveTextContent('Refresh Visuals');
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('Starting refresh...');
    expect(screen.getByRole('button')).toBeDisabled();
    await flush();
    expect(screen.getByRole('button')).toHaveTextContent('Refreshing...');
    expect(toast.info).toHaveBeenCalledWith('Refresh started. Estimated time: 2-4 seconds');
    await advance(TIMINGS.refreshPollMs - 1);
    expect(polls).toBe(0);
    await advance(1);
    expect(polls).toBe(1);
    expect(screen.getByRole('button')).toHaveTextContent('Refreshing...');
    await advance(TIMINGS.refreshPollMs);
    expect(polls).toBe(2);
    expect(screen.getByRole('button')).toHaveTextContent('Refresh complete');
    expect(onCompleted).toHaveBeenCalledTimes(1);
    await advance(5000);
    expect(screen.getByRole('button')).toHaveTextContent('Refresh Visuals');
    expect(screen.getByRole('button')).toBeEnabled();
  });

  it('shows in progress when a refresh is already running', async () => {
    setup({
      'POST /api/powerbi/api/refresh-powerbi': () =>
        json({
          success: true,
          status: 'in_progress',
          refreshId: 'r0',
          currentRefreshId: 'r0',
          estimatedDuration: '5-10 minutes',
          message: '',
        }),
      'GET /api/powerbi/api/refresh-status/r0': () =>
        json({ status: 'refreshing', message: '', isComplete: false }),
    });
    fireEvent.click(screen.getByRole('button'));
    await flush();
    expect(screen.getByRole('button')).toHaveTextContent('Refresh in progress...');
    expect(screen.getByRole('button')).toBeDisabled();
  });

  it('reports a failed refresh, a lost connection and a polling time-out', async () => {
    const failed = setup({
      'POST /api/powerbi/api/refresh-powerbi': () =>
        json({
          success: true,
          status: 'starting',
          refreshId: 'f',
          currentRefreshId: 'f',
          estimatedDuration: '',
          message: '',
        }),
      'GET /api/powerbi/api/refresh-status/f': () =>
        json({ status: 'failed', message: 'disk full', isComplete: true }),
    });
    fireEvent.click(screen.getByRole('button'));
    await advance(TIMINGS.refreshPollMs);
    expect(failed.toast.error).toHaveBeenCalledWith(MESSAGES.dashboard.refreshFailed('disk full'));
    expect(screen.getByRole('button')).toHaveTextContent('Refresh failed');
  });

  it('says Lost connection to refresh status when polling fails', async () => {
    const lost = setup({
      'POST /api/powerbi/api/refresh-powerbi': () =>
        json({
          success: true,
          status: 'starting',
          refreshId: 'l',
          currentRefreshId: 'l',
          estimatedDuration: '',
          message: '',
        }),
      'GET /api/powerbi/api/refresh-status/l': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    fireEvent.click(screen.getByRole('button'));
    await advance(TIMINGS.refreshPollMs);
    expect(lost.toast.error).toHaveBeenCalledWith(MESSAGES.dashboard.lostRefreshConnection);
  });

  it('gives up after 60 polls', async () => {
    let polls = 0;
    const slow = setup({
      'POST /api/powerbi/api/refresh-powerbi': () =>
        json({
          success: true,
          status: 'starting',
          refreshId: 's',
          currentRefreshId: 's',
          estimatedDuration: '',
          message: '',
        }),
      'GET /api/powerbi/api/refresh-status/s': () => {
        polls += 1;
        return json({ status: 'refreshing', message: '', isComplete: false });
      },
    });
    fireEvent.click(screen.getByRole('button'));
    await advance(TIMINGS.refreshPollMs * (TIMINGS.refreshMaxAttempts + 5));
    expect(polls).toBe(TIMINGS.refreshMaxAttempts);
    expect(slow.toast.error).toHaveBeenCalledWith(MESSAGES.dashboard.refreshPollingTimedOut);
  });

  it('says Failed to refresh dataset when the start is refused', async () => {
    const refused = setup({
      'POST /api/powerbi/api/refresh-powerbi': () =>
        json({ success: false, message: 'Session expired' }, 401),
    });
    fireEvent.click(screen.getByRole('button'));
    await flush();
    expect(refused.toast.error).toHaveBeenCalledWith(MESSAGES.dashboard.refreshFailed('Session expired'));
  });
});
