import { MESSAGES } from '@insightra/contract';
import { screen, within } from '@testing-library/react';
import { Chart } from 'chart.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeCanvas } from '../../../components/charts/testing/fake-canvas';
import { json, mockApi, renderRoute } from '../../../test/render';

beforeEach(() => {
  installFakeCanvas();
});

// Lazy routes compile on first use, which can take a while on a busy machine.
const WAIT = { timeout: 5000 };

/** The value shown on the card labelled `label`. */
function card(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  const list = term.closest('dl');
  if (!list) throw new Error(`no card for ${label}`);
  return within(list).getAllByRole('definition')[0]?.textContent;
}

const GRADES = [
  { grade: 'Grade 6', female_count: 216, male_count: 217 },
  { grade: 'Grade 10', female_count: 1_200_000, male_count: 34_567 },
];

describe('/linechart', () => {
  it('draws the store-visitor series with its three cards', async () => {
    mockApi({});
    renderRoute('/linechart');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Store Visitors (Last 6 Months)' }, WAIT),
    ).toBeInTheDocument();
    expect(card('Total Visitors')).toBe('17,760');
    expect(card('Average Monthly')).toBe('2,960');
    expect(card('Peak Month')).toBe('July 2025');
    expect(screen.getByRole('img', { name: /Store Visitors/ })).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'April 20252,340',
      'May 20252,680',
      'June 20253,120',
      'July 20253,450',
      'August 20253,280',
      'September 20252,890',
    ]);
  });
});

describe('/2dcolumns', () => {
  it('shows a spinner with text while the grades load, then the cards and the chart', async () => {
    // The server answers only once the gate opens, whenever the request itself was sent.
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    mockApi({
      'GET /api/chart/grades': async () => {
        await gate;
        return json(GRADES);
      },
    });
    renderRoute('/2dcolumns');
    expect(await screen.findByRole('status', undefined, WAIT)).toHaveTextContent('Loading grades data...');
    open();
    expect(await screen.findByText('Total Students', { selector: 'dt' }, WAIT)).toBeInTheDocument();
    expect(card('Total Students')).toBe('12,35,000');
    expect(card('Female Students')).toBe('12,00,216');
    expect(card('Male Students')).toBe('34,784');
    // 1,200,216 / 34,784 = 3450.48...
    expect(card('Gender Ratio')).toBe('3,450.5%');
    expect(screen.getByRole('img', { name: /Student Grades Distribution by Gender/ })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /Grade 6/ })).toHaveTextContent('Grade 6216217');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('gives a clear Gender Ratio when there are no male students', async () => {
    mockApi({ 'GET /api/chart/grades': () => json([{ grade: 'Grade 6', female_count: 5, male_count: 0 }]) });
    renderRoute('/2dcolumns');
    expect(await screen.findByText('No male students to compare', undefined, WAIT)).toBeInTheDocument();
    expect(card('Gender Ratio')).toBe('N/A');
    expect(card('Total Students')).toBe('5');
  });

  it('shows zeros and an empty state when there are no grades', async () => {
    mockApi({ 'GET /api/chart/grades': () => json([]) });
    renderRoute('/2dcolumns');
    expect(
      await screen.findByText('No students in the demo dataset yet.', undefined, WAIT),
    ).toBeInTheDocument();
    expect(card('Total Students')).toBe('0');
    expect(card('Gender Ratio')).toBe('N/A');
  });

  it('shows Error Loading Data on a failing server, and the chart after Try Again succeeds', async () => {
    let calls = 0;
    mockApi({
      'GET /api/chart/grades': () => {
        calls += 1;
        return calls === 1 ? json({ success: false, message: 'database down' }, 500) : json(GRADES);
      },
    });
    const { user } = renderRoute('/2dcolumns');
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(within(alert).getByRole('heading', { name: 'Error Loading Data' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(MESSAGES.charts.gradesFailed);
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Total Students', { selector: 'dt' }, WAIT)).toBeInTheDocument();
    expect(card('Male Students')).toBe('34,784');
    expect(calls).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/donutchart', () => {
  it('shows total, submission rate and each slice with its share', async () => {
    mockApi({
      'GET /api/chart/submissions': () =>
        json([
          { status: 'Yes', count: 2196 },
          { status: 'No', count: 604 },
        ]),
    });
    renderRoute('/donutchart');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Project Submissions Status' }, WAIT),
    ).toBeInTheDocument();
    expect(await screen.findByText('Total Projects', { selector: 'dt' }, WAIT)).toBeInTheDocument();
    expect(card('Total Projects')).toBe('2,800');
    expect(card('Submission Rate')).toBe('78.4%');
    const legend = screen.getByRole('list', { name: /legend/ });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Submitted2,196 (78.4%)', 'Not Submitted604 (21.6%)']);
    const canvas = screen.getByRole('img', { name: /Project Submissions Status/ });
    // docs/PRODUCT.md#demo-charts: cutout 60%, a 2000 ms sweep on the standalone page.
    const chart = Chart.getChart(canvas as HTMLCanvasElement);
    expect(chart?.options).toMatchObject({ cutout: '60%', animation: { duration: 2000 } });
  });

  it('shows N/A and an empty state when there are no projects', async () => {
    mockApi({
      'GET /api/chart/submissions': () =>
        json([
          { status: 'Yes', count: 0 },
          { status: 'No', count: 0 },
        ]),
    });
    renderRoute('/donutchart');
    expect(
      await screen.findByText('No projects in the demo dataset yet.', undefined, WAIT),
    ).toBeInTheDocument();
    expect(card('Submission Rate')).toBe('N/A');
    expect(card('Total Projects')).toBe('0');
  });

  it('shows the submissions message on a failing server and recovers with Try Again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/chart/submissions': () => {
        calls += 1;
        return calls === 1
          ? json({ success: false, message: 'nope' }, 503)
          : json([
              { status: 'Yes', count: 3 },
              { status: 'No', count: 1 },
            ]);
      },
    });
    const { user } = renderRoute('/donutchart');
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert).toHaveTextContent('Error Loading Data');
    expect(alert).toHaveTextContent(MESSAGES.charts.submissionsFailed);
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Submission Rate', { selector: 'dt' }, WAIT)).toBeInTheDocument();
    expect(card('Submission Rate')).toBe('75.0%');
  });
});
