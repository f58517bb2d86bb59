import { MESSAGES, TIMINGS } from '@insightra/contract';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../../app/providers';
import { ToastContainer } from '../../../../components/ui/toast/toast-container';
import { signIn, testUser } from '../../../../test/fixtures';
import { json, mockApi } from '../../../../test/render';
import { UploadControls } from './upload-controls';

/** A stand-in for XMLHttpRequest that the test drives: progress, end of body, answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress?: (e: Partial<ProgressEvent>) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  responseText = '';
  responseType = '';
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function setup(member = testUser()) {
  const token = signIn(member);
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <UploadControls />
          <ToastContainer />
        </>
      ),
    },
  ]);
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, token };
}

const file = (name = 'marks.csv', size = 100) => new File(['x'.repeat(size)], name, { type: 'text/csv' });

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const user = testUser();
  mockApi({ 'GET /api/auth/me': () => json({ success: true, data: { user } }) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('UploadControls', () => {
  it("says 'Please select a file first!' without a file", async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Load Data' }));
    expect(await screen.findByText(MESSAGES.dashboard.selectFileFirst)).toBeInTheDocument();
  });

  it('accepts spreadsheets only and hints after choosing (2000 ms, 6000 ms for large files)', async () => {
    const { user } = setup();
    const input = screen.getByLabelText('Choose a spreadsheet to upload');
    expect(input).toHaveAttribute('accept', '.xlsx,.xls,.csv');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.upload(input, file('big.xlsx', 6 * 1024 * 1024));
    expect(screen.getByText(/File selected: big\.xlsx/)).toBeInTheDocument();
    expect(screen.getByText(/may take a minute/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.fileSelectedHintMs + 500));
    expect(screen.queryByText(/File selected: big\.xlsx/)).not.toBeInTheDocument();
    expect(screen.getByText(/may take a minute/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.fileSelectedLongHintMs));
    expect(screen.queryByText(/may take a minute/)).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it("names the columns of the member's sector's template on the download button", async () => {
    const hotelier = testUser({ sectorId: 6, sector: { id: 6, name: 'Hotels' } });
    mockApi({ 'GET /api/auth/me': () => json({ success: true, data: { user: hotelier } }) });
    setup(hotelier);
    const download = screen.getByRole('button', { name: 'Download the upload template' });
    expect(download.title).toMatch(/^Download the Property nights template/);
    expect(download.title).toMatch(/rooms_sold/);
    expect(download.title).not.toMatch(/student/);
  });

  it('refuses a file over the configured upload limit before sending it', async () => {
    mockApi({
      'GET /api/auth/me': () => json({ success: true, data: { user: testUser() } }),
      'GET /api/config': () =>
        json({
          siteName: 'Insightra',
          salesEmail: 's@example.com',
          salesPhone: '1',
          officeAddress: 'Mumbai',
          google: { enabled: false, clientId: null },
          bi: { provider: 'builtin', embedMode: 'embed-token' },
          uploads: { maxBytes: 1024 },
        }),
    });
    FakeXhr.last = null;
    const { user } = setup();
    await user.upload(screen.getByLabelText('Choose a spreadsheet to upload'), file('huge.csv', 4096));
    await user.click(screen.getByRole('button', { name: 'Load Data' }));
    expect(
      await screen.findByText('Upload failed: huge.csv is larger than the 1.0 KB limit'),
    ).toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();
  });

  it('sends the file with progress, a processing state, then shows the statistics', async () => {
    const { user, token } = setup();
    await user.upload(screen.getByLabelText('Choose a spreadsheet to upload'), file());
    await user.click(screen.getByRole('button', { name: 'Load Data' }));
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/server/upload-excel');
    expect(xhr.headers.authorization).toBe(`Bearer ${token}`);
    expect((xhr.body!.get('excelFile') as File).name).toBe('marks.csv');

    act(() => xhr.upload.onprogress?.({ loaded: 40, total: 100, lengthComputable: true }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    act(() => xhr.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    act(() => xhr.upload.onload?.());
    expect(screen.getByText(/Processing\.\.\. validating/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();

    act(() =>
      xhr.answer(200, {
        success: true,
        message: 'Processed 4 rows: 3 inserted, 1 rejected',
        uploadId: 7,
        totalRowsProcessed: 4,
        totalRecordsInserted: 3,
        totalRecordsFailed: 1,
        successRate: 75,
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Upload status' });
    // The statistics replace the processing state once the mutation has settled.
    await within(panel).findByText('Rows processed');
    const stat = (label: string) => within(panel).getByText(label).nextElementSibling?.textContent;
    expect(stat('Rows processed')).toBe('4');
    expect(stat('Records inserted')).toBe('3');
    expect(stat('Records failed')).toBe('1');
    expect(within(panel).getByText('75.00%')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Activity Logs' })).toHaveAttribute('href', '/activity');
  });

  it("shows 'Upload failed: {message}' and 'Upload failed: {status}'", async () => {
    const { user } = setup();
    const input = screen.getByLabelText('Choose a spreadsheet to upload');
    await user.upload(input, file());
    await user.click(screen.getByRole('button', { name: 'Load Data' }));
    act(() => FakeXhr.last!.answer(400, { success: false, message: 'Missing required column: gender' }));
    expect(await screen.findByText('Upload failed: Missing required column: gender')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load Data' }));
    act(() => FakeXhr.last!.answer(502, '<html>bad gateway</html>'));
    expect(await screen.findByText('Upload failed: 502')).toBeInTheDocument();
  });
});
