import { EMBED_MESSAGES, EXPORT_MESSAGES, findSectorReport } from '@insightra/contract';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeCanvas } from '../../components/charts/testing/fake-canvas';
import { catchDownloads } from '../../test/downloads';
import { signIn } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';
import { templateView } from './testing/report-views';

configure({ asyncUtilTimeout: 5000 });

const UUID = '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c01';
const chart = findSectorReport(UUID)!.report.charts.find((c) => c.key === 'grades')!;

/** This window plays the dashboard that opened it (an undocked report) and hands it the embed token. */
function openedByDashboard() {
  Object.defineProperty(window, 'opener', { value: window, configurable: true });
  return vi.spyOn(window, 'postMessage').mockImplementation(() => {});
}
/** Once the page says it is ready, the dashboard's answer: the embed token. */
const sendToken = async (postMessage: ReturnType<typeof openedByDashboard>) => {
  await waitFor(() => expect(postMessage).toHaveBeenCalled());
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: EMBED_MESSAGES.token, token: 'embed-1' },
        origin: window.location.origin,
        source: window,
      }),
    );
  });
};

const reportAnswer = () =>
  json({
    success: true,
    report: {
      uuid: UUID,
      template: 'grades',
      name: 'Grades by Gender',
      description: '',
      sector: 'Education',
    },
    source: 'own',
    refreshedAt: '2026-01-01T10:00:00.000Z',
    rowCount: 3,
    view: templateView(UUID, { charts: { grades: { split: ['Female', 'Male'], points: [['A', 2, 1]] } } })
      .view,
  });

beforeEach(() => installFakeCanvas());

describe('a report’s chart downloads', () => {
  it('saves a chart as PNG or CSV with the session, under the server’s name, and says why one failed', async () => {
    const sessionToken = signIn();
    const saved = catchDownloads();
    const host = openedByDashboard();
    const { calls } = mockApi({
      [`GET /api/embed/reports/${UUID}`]: reportAnswer,
      'GET /api/reports/12/export': (url) =>
        url.searchParams.get('format') === 'png'
          ? new Response('png', {
              headers: { 'content-disposition': `attachment; filename="grades.png"` },
            })
          : json({ success: false, message: EXPORT_MESSAGES.chartNotFound }, 400),
    });
    const { user } = renderRoute(`/embed/${UUID}?report=12`);
    await sendToken(host);
    const png = await screen.findByRole('button', { name: `Download ${chart.title} as PNG` });
    await user.click(png);
    await waitFor(() => expect(saved).toEqual(['grades.png']));
    const call = calls.find((c) => c.path === '/api/reports/12/export')!;
    expect(new Headers(call.init.headers).get('authorization')).toBe(`Bearer ${sessionToken}`);

    await user.click(screen.getByRole('button', { name: `Download ${chart.title} as CSV` }));
    const panel = screen.getByRole('region', { name: chart.title });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(EXPORT_MESSAGES.chartNotFound);
    expect(calls.filter((c) => c.path === '/api/reports/12/export').map((c) => c.path)).toHaveLength(2);

    // Undocked, the window has the tab's Export menu too.
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('downloads a sector page’s chart through its sector', async () => {
    signIn();
    const saved = catchDownloads();
    const host = openedByDashboard();
    const { calls } = mockApi({
      [`GET /api/embed/reports/${UUID}`]: reportAnswer,
      'GET /api/sectors/education/export': () =>
        new Response('a,b', { headers: { 'content-disposition': 'attachment; filename="grades.csv"' } }),
    });
    const { user } = renderRoute(`/embed/${UUID}?sector=education`);
    await sendToken(host);
    await user.click(await screen.findByRole('button', { name: `Download ${chart.title} as CSV` }));
    await waitFor(() => expect(saved).toEqual(['grades.csv']));
    expect(calls.some((c) => c.path === '/api/sectors/education/export')).toBe(true);
  });

  it('offers no downloads when the frame is not told what it shows', async () => {
    const host = openedByDashboard();
    mockApi({ [`GET /api/embed/reports/${UUID}`]: reportAnswer });
    renderRoute(`/embed/${UUID}`);
    await sendToken(host);
    expect(await screen.findByRole('region', { name: chart.title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });
});
