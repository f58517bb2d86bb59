import { DEFAULT_REFRESH_ESTIMATE, MESSAGES, TIMINGS } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { refreshStatus, startRefresh } from '../api/refresh';

/** The refresh states of docs/PRODUCT.md#refresh, plus idle (nothing running). */
export type RefreshUiState = 'idle' | 'starting' | 'in_progress' | 'refreshing' | 'completed' | 'failed';

export const REFRESH_LABELS: Record<RefreshUiState, string> = {
  idle: 'Refresh Visuals',
  starting: 'Starting refresh...',
  in_progress: 'Refresh in progress...',
  refreshing: 'Refreshing...',
  completed: 'Refresh complete',
  failed: 'Refresh failed',
};

/** How long 'Refresh complete' / 'Refresh failed' stay on the button before it reads Refresh Visuals again. */
const SETTLE_MS = 4000;

/**
 * Refresh Visuals: start, then poll the refresh's status every 30 s, at most 60 times. `onCompleted`
 * runs when the data is new (the frames are told to fetch again).
 */
export function useRefresh(onCompleted: () => void) {
  const toast = useToast();
  // The start is the one write; polling its status is a read, paced by the timer below.
  const { mutateAsync: requestRefresh } = useMutation({ mutationFn: startRefresh });
  const [state, setState] = useState<RefreshUiState>('idle');
  const [estimate, setEstimate] = useState(DEFAULT_REFRESH_ESTIMATE);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const alive = useRef(true);
  const completed = useRef(onCompleted);
  completed.current = onCompleted;

  useEffect(
    () => () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const settle = useCallback((next: 'completed' | 'failed' | 'idle') => {
    setState(next);
    if (next !== 'idle') timer.current = setTimeout(() => alive.current && setState('idle'), SETTLE_MS);
  }, []);

  const poll = useCallback(
    (id: string, attempt: number) => {
      timer.current = setTimeout(async () => {
        if (!alive.current) return;
        try {
          const status = await refreshStatus(id);
          if (!alive.current) return;
          if (status.isComplete) {
            if (status.status === 'completed') {
              toast.success('Dataset refreshed successfully');
              completed.current();
              settle('completed');
            } else {
              toast.error(MESSAGES.dashboard.refreshFailed(status.message));
              settle('failed');
            }
            return;
          }
          if (status.status === 'refreshing') setState((s) => (s === 'in_progress' ? s : 'refreshing'));
          if (attempt + 1 >= TIMINGS.refreshMaxAttempts) {
            toast.error(MESSAGES.dashboard.refreshPollingTimedOut);
            settle('failed');
            return;
          }
          poll(id, attempt + 1);
        } catch {
          if (!alive.current) return;
          toast.error(MESSAGES.dashboard.lostRefreshConnection);
          settle('failed');
        }
      }, TIMINGS.refreshPollMs);
    },
    [toast, settle],
  );

  const start = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    setState('starting');
    try {
      const started = await requestRefresh();
      if (!alive.current) return;
      setEstimate(started.estimatedDuration || DEFAULT_REFRESH_ESTIMATE);
      if (started.status === 'in_progress') {
        setState('in_progress');
        toast.info('A refresh is already in progress');
      } else {
        setState('refreshing');
        toast.info(
          `Refresh started. Estimated time: ${started.estimatedDuration || DEFAULT_REFRESH_ESTIMATE}`,
        );
      }
      poll(started.currentRefreshId || started.refreshId, 0);
    } catch (err) {
      if (!alive.current) return;
      toast.error(MESSAGES.dashboard.refreshFailed(errorMessage(err, 'no answer from the server')));
      settle('failed');
    }
  }, [toast, poll, settle, requestRefresh]);

  const busy = state === 'starting' || state === 'refreshing' || state === 'in_progress';
  return { state, label: REFRESH_LABELS[state], busy, estimate, start };
}
