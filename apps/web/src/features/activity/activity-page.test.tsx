import { api, MESSAGES, ORGANISATION_MESSAGES, type UploadLog } from '@insightra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';

const log = (over: Partial<UploadLog>): UploadLog => ({
  id: 1,
  file_name: 'marks.csv',
  total_processed: 10,
  total_accepted: 9,
  total_failed: 1,
  success_rate: 90,
  status: 1,
  date: '2025-03-01T06:30:00.000Z',
  originalFileUrl: '/api/server/uploads/1/original',
  rejectedFileUrl: '/api/server/uploads/1/rejected',
  uploaded_by: { id: 7, name: 'Asha Verma' },
  ...over,
});

const LOGS = [
  log({
    id: 3,
    file_name: 'term3.xlsx',
    success_rate: 95.5,
    originalFileUrl: '/api/server/uploads/3/original',
    rejectedFileUrl: null,
  }),
  log({
    id: 2,
    file_name: 'term2.csv',
    success_rate: 75,
    originalFileUrl: '/api/server/uploads/2/original',
    rejectedFileUrl: '/api/server/uploads/2/rejected',
  }),
  log({
    id: 1,
    file_name: 'term1.csv',
    success_rate: 12.345,
    status: 0,
    uploaded_by: { id: null, name: null },
  }),
];

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

function setup(handlers: Record<string, Handler> = {}, logs = LOGS, user = testUser()) {
  signIn(user);
  return mockApi({
    [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user } }),
    [`GET ${api.uploads.activity.path}`]: () => json({ success: true, data: logs }),
    [`GET ${api.bi.refreshQueue.path}`]: () => json({ success: true, data: { jobs: [], pendingUploads: 0 } }),
    ...handlers,
  });
}

/** The uploads' desktop table (jsdom applies no CSS, so the phone cards are in the document too). */
const UPLOADS = { name: 'Upload history, newest first' };
const table = () => screen.getByRole('table', UPLOADS);

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => window.localStorage.clear());

describe('/activity', () => {
  it('lists uploads with status and success-rate badges', async () => {
    setup();
    renderRoute('/activity');
    expect(await screen.findByRole('heading', { name: 'Activity Logs' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('table', UPLOADS)).getAllByRole('row');
    expect(rows).toHaveLength(4);
    for (const name of [
      'File name',
      'Date',
      'Uploaded by',
      'Processed',
      'Accepted',
      'Failed',
      'Success rate',
      'Status',
      'Files',
    ])
      expect(within(rows[0]!).getByRole('columnheader', { name })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('term3.xlsx')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('95.50%')).toHaveAttribute('data-band', 'high');
    expect(within(rows[2]!).getByText('75.00%')).toHaveAttribute('data-band', 'medium');
    expect(within(rows[3]!).getByText('12.35%')).toHaveAttribute('data-band', 'low');
    expect(within(rows[1]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Deleted')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('No rejected rows')).toBeInTheDocument();
    expect(within(rows[3]!).getByRole('checkbox')).toBeDisabled();
    // Who uploaded each; a removed account's upload stays, unnamed.
    expect(within(rows[1]!).getByText('Asha Verma')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('—')).toBeInTheDocument();
  });

  it("keeps a viewer's Purge selected disabled, saying why", async () => {
    const viewer = testUser({ organisation: { id: 1, name: 'Acme School', role: 'viewer' } });
    setup({}, LOGS, viewer);
    const { user } = renderRoute('/activity');
    await screen.findByRole('table', UPLOADS);
    await user.click(within(table()).getAllByRole('checkbox')[1]!);
    const purge = screen.getByRole('button', { name: 'Purge selected' });
    expect(purge).toBeDisabled();
    expect(purge).toHaveAccessibleDescription(
      ORGANISATION_MESSAGES.refused('viewer', 'uploads.purge', 'Acme School'),
    );
    expect(purge).toHaveAttribute('title', 'Viewers cannot delete uploads in Acme School');
  });

  it("shows 'No uploads found yet' when there are none", async () => {
    setup({}, []);
    renderRoute('/activity');
    expect(await screen.findByText(MESSAGES.activity.empty)).toBeInTheDocument();
  });

  it('says the activity could not be fetched, and retries', async () => {
    let fail = true;
    setup({
      [`GET ${api.uploads.activity.path}`]: () =>
        fail ? json({ success: false, message: 'boom' }, 500) : json({ success: true, data: LOGS }),
    });
    const { user } = renderRoute('/activity');
    expect(await screen.findByText(MESSAGES.activity.fetchFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', UPLOADS)).toBeInTheDocument();
  });

  it('downloads files with the bearer header and reports a gone file', async () => {
    const { calls } = setup({
      'GET /api/server/uploads/2/original': () =>
        new Response('a,b', { headers: { 'content-disposition': 'attachment; filename="term2.csv"' } }),
      'GET /api/server/uploads/2/rejected': () => json({ success: false, message: 'gone' }, 410),
      'GET /api/server/uploads/3/original': () => json({ success: false, message: 'x' }, 500),
    });
    const { user } = renderRoute('/activity');
    await screen.findByRole('table', UPLOADS);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(within(table()).getByRole('button', { name: 'Download original file of term2.csv' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = calls.find((c) => c.path === '/api/server/uploads/2/original')!;
    expect((call.init.headers as Record<string, string>).authorization).toMatch(/^Bearer /);
    expect(call.path).not.toContain('token');

    await user.click(within(table()).getByRole('button', { name: 'Download rejected file of term2.csv' }));
    expect(await screen.findByText(MESSAGES.activity.fileGone)).toBeInTheDocument();
    await user.click(within(table()).getByRole('button', { name: 'Download original file of term3.xlsx' }));
    expect(await screen.findByText(MESSAGES.activity.downloadFailed('original'))).toBeInTheDocument();
    click.mockRestore();
  });

  it('purges the selected uploads after confirmation', async () => {
    let purged = '';
    setup({
      'DELETE /api/server/uploads/3%2C2': (url) => {
        purged = url.pathname;
        return json({ success: true, message: 'Deleted 2 log(s)', deletedCount: 2 });
      },
    });
    const { user } = renderRoute('/activity');
    await screen.findByRole('table', UPLOADS);
    const purge = screen.getByRole('button', { name: 'Purge selected' });
    expect(purge).toBeDisabled();
    await user.click(within(table()).getByRole('checkbox', { name: 'Select all active uploads' }));
    await user.click(purge);
    const dialog = await screen.findByRole('dialog', { name: 'Purge 2 uploads?' });
    await user.click(within(dialog).getByRole('button', { name: 'Purge' }));
    expect(await screen.findByText(MESSAGES.activity.deleted(2))).toBeInTheDocument();
    expect(decodeURIComponent(purged)).toBe('/api/server/uploads/3,2');
  });

  it("says 'No logs were deleted' and 'Failed to purge selected logs'", async () => {
    let answer = () => json({ success: true, message: 'No logs were deleted', deletedCount: 0 });
    setup({ 'DELETE /api/server/uploads/2': () => answer() });
    const { user } = renderRoute('/activity');
    await screen.findByRole('table', UPLOADS);
    await user.click(within(table()).getByRole('checkbox', { name: /term2\.csv/ }));
    await user.click(screen.getByRole('button', { name: 'Purge selected' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Purge' }));
    expect(await screen.findByText(MESSAGES.activity.noneDeleted)).toBeInTheDocument();
    answer = () => json({ success: false, message: 'x' }, 500);
    await user.click(within(table()).getByRole('checkbox', { name: /term2\.csv/ }));
    await user.click(screen.getByRole('button', { name: 'Purge selected' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Purge' }));
    expect(await screen.findByText(MESSAGES.activity.purgeFailed)).toBeInTheDocument();
  });

  it('says the token is missing when it disappears', async () => {
    setup({ [`GET ${api.uploads.activity.path}`]: () => json({ success: true, data: LOGS }) });
    const { user } = renderRoute('/activity');
    await screen.findByRole('table', UPLOADS);
    window.localStorage.removeItem('token');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(within(table()).getByRole('button', { name: 'Download original file of term2.csv' }));
    expect(await screen.findByText(MESSAGES.activity.noToken)).toBeInTheDocument();
    click.mockRestore();
  });
});
