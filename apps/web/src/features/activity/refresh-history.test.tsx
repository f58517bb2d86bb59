import { api, type RefreshJob } from '@insightra/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';
import { REFRESH_HISTORY_TEXT } from './components/refresh-history';

const job = (over: Partial<RefreshJob>): RefreshJob => ({
  refreshId: 'r1',
  status: 'completed',
  message: '',
  requestedAt: '2025-03-01T06:30:00.000Z',
  startedAt: '2025-03-01T06:30:01.000Z',
  finishedAt: '2025-03-01T06:33:05.000Z',
  durationMs: 184_000,
  startedBy: { id: 7, name: 'Asha Verma' },
  ...over,
});

const JOBS = [
  job({
    refreshId: 'r3',
    status: 'starting',
    startedAt: null,
    finishedAt: null,
    durationMs: null,
    startedBy: { id: 8, name: 'Ravi Kumar' },
  }),
  job({ refreshId: 'r2', status: 'failed', durationMs: 850, startedBy: null }),
  job({ refreshId: 'r1' }),
];

type Answer = () => Response | Promise<Response>;
const queue = (jobs: RefreshJob[]) => () => json({ success: true, data: { jobs, pendingUploads: 0 } });

function setup(answer: Answer) {
  const user = testUser();
  signIn(user);
  return mockApi({
    [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user } }),
    [`GET ${api.uploads.activity.path}`]: () => json({ success: true, data: [] }),
    [`GET ${api.bi.refreshQueue.path}`]: answer,
  });
}

const history = () => screen.getByRole('region', { name: 'Refreshes' });

afterEach(() => window.localStorage.clear());

describe('/activity refresh history', () => {
  it('lists the latest refreshes: status, requested, finished, duration and who started them', async () => {
    setup(queue(JOBS));
    renderRoute('/activity');
    const table = await screen.findByRole('table', { name: 'Refresh history, newest first' });
    const rows = within(table).getAllByRole('row');
    for (const name of ['Status', 'Requested', 'Finished', 'Duration', 'Started by'])
      expect(within(rows[0]!).getByRole('columnheader', { name })).toBeInTheDocument();
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(rows.slice(1).map(cells)).toEqual([
      ['Queued', '1 Mar 2025, 12:00 pm', '—', '—', 'Ravi Kumar'],
      ['Failed', '1 Mar 2025, 12:00 pm', '1 Mar 2025, 12:03 pm', '850 ms', '—'],
      ['Completed', '1 Mar 2025, 12:00 pm', '1 Mar 2025, 12:03 pm', '3 min 4 s', 'Asha Verma'],
    ]);
    // The phone cards say the same.
    const cards = within(screen.getByRole('list', { name: 'Refresh history, newest first' })).getAllByRole(
      'listitem',
    );
    expect(cards.map((card) => within(card).getByText(/^Started by/).textContent)).toEqual([
      'Started by Ravi Kumar',
      'Started by —',
      'Started by Asha Verma',
    ]);
    expect(within(cards[2]!).getByText('3 min 4 s')).toBeInTheDocument();
  });

  it('says it is loading, then that there are no refreshes yet', async () => {
    let answer: (response: Response) => void = () => {};
    setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderRoute('/activity');
    expect(await screen.findByText(REFRESH_HISTORY_TEXT.loading)).toBeInTheDocument();
    answer(queue([])());
    expect(await within(history()).findByText(REFRESH_HISTORY_TEXT.empty)).toBeInTheDocument();
    expect(within(history()).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the history could not be fetched, and tries again', async () => {
    let fail = true;
    setup(() => (fail ? json({ success: false, message: 'boom' }, 500) : queue(JOBS)()));
    const { user } = renderRoute('/activity');
    const alert = await within(await screen.findByRole('region', { name: 'Refreshes' })).findByRole('alert');
    expect(alert).toHaveTextContent(REFRESH_HISTORY_TEXT.failed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Refresh history, newest first' })).toBeInTheDocument();
  });
});
