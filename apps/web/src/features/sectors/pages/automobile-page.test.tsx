import { MESSAGES } from '@insightra/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Chart } from 'chart.js';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { installFakeCanvas } from '../../../components/charts/testing/fake-canvas';
import { json, mockApi } from '../../../test/render';
import { AutomobilePage } from './automobile-page';

beforeEach(() => {
  installFakeCanvas();
});

// Lazy routes compile on first use, which can take a while on a busy machine.
const WAIT = { timeout: 5000 };

// The page on its own: signing in is the route guard's business (tested with the router).
function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/automobile', Component: AutomobilePage },
      { path: '/dashboard', element: <h1>Dashboard stand-in</h1> },
    ],
    { initialEntries: ['/automobile'] },
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup() };
}

const DATA = {
  barData: [
    { grade: 'Semester 1', female: 81, male: 360 },
    { grade: 'Semester 2', female: 82, male: 305 },
  ],
  donutData: [
    { status: 'Yes', count: 1000 },
    { status: 'No', count: 400 },
  ],
};

describe('AutomobilePage', () => {
  it('draws the trainees per semester and the submissions donut', async () => {
    mockApi({ 'GET /api/chart/automobile': () => json(DATA) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Automobile' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /per semester by gender/ }, WAIT)).toBeInTheDocument();
    const donut = screen.getByRole('img', { name: /submissions by status/ });
    // docs/PRODUCT.md#demo-charts: the same 60% cutout, a quicker 1200 ms sweep on the automobile page.
    expect(Chart.getChart(donut as HTMLCanvasElement)?.options).toMatchObject({
      cutout: '60%',
      animation: { duration: 1200 },
    });
    const [bars] = screen.getAllByRole('table');
    expect(within(bars as HTMLElement).getByRole('row', { name: /Semester 2/ })).toHaveTextContent(
      'Semester 282305',
    );
    const legend = screen.getByRole('list', { name: /legend/ });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Submitted1,000 (71.4%)', 'Not Submitted400 (28.6%)']);
  });

  it('shows the automobile message on a failing server, and the charts after Try Again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/chart/automobile': () => {
        calls += 1;
        return calls === 1 ? json({ success: false, message: 'x' }, 500) : json(DATA);
      },
    });
    const { user } = renderPage();
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert).toHaveTextContent('Error Loading Data');
    expect(alert).toHaveTextContent(MESSAGES.charts.automobileFailed);
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('img', { name: /submissions by status/ }, WAIT)).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows a spinner with text while loading, and goes back to the dashboard', async () => {
    mockApi({ 'GET /api/chart/automobile': () => new Promise<Response>(() => {}) });
    const { user, router } = renderPage();
    expect(await screen.findByRole('status', undefined, WAIT)).toHaveTextContent(
      'Loading automobile data...',
    );
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' }, WAIT)).toBeInTheDocument();
  });
});
