import {
  INDUSTRIES,
  type MeasureSpec,
  SECTOR_DECLARATIONS,
  sectorDeclaration,
  sectorOverview,
} from '@insightra/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { templateView, type ViewFigures } from '../testing/report-views';
import { statValue } from '../testing/stat-value';
import { ReportRenderer } from './report-renderer';

/** A figure of each format and how a card or table writes it. */
const SAMPLE: Record<MeasureSpec['format'], [number, string]> = {
  integer: [1_234_567, '12,34,567'],
  decimal: [3.5, '3.5'],
  currency: [590_000, '₹5,90,000'],
  percent: [0.784, '78.4%'],
  days: [42.5, '42.5 days'],
};

/** How a table cell writes 10 in each format. */
const TEN: Record<MeasureSpec['format'], string> = {
  integer: '10',
  decimal: '10.0',
  currency: '₹10',
  percent: '1,000.0%',
  days: '10.0 days',
};

/** Every KPI at its format's sample value; every chart with two points (months where it groups by month). */
function sampleFigures(slug: string) {
  const declaration = sectorDeclaration(slug);
  const report = sectorOverview(declaration);
  const figures: ViewFigures = { kpis: {}, charts: {} };
  for (const key of report.kpis) {
    const m = declaration.measures.find((x) => x.key === key)!;
    figures.kpis![key] = SAMPLE[m.format][0];
  }
  for (const c of report.charts) {
    const month = declaration.dimensions.find((d) => d.key === c.dimension)?.bucket === 'month';
    const labels = month ? ['2025-01', '2025-02'] : ['North', 'South'];
    const width = c.split ? 2 : c.measures.length;
    figures.charts![c.key] = {
      split: c.split ? ['First', 'Second'] : undefined,
      points: labels.map((l, i) => [l, ...Array.from({ length: width }, (_, s) => (i + 1) * 10 + s)]),
    };
  }
  return { declaration, report, figures };
}

describe('ReportRenderer: every sector’s overview template', () => {
  it.each(INDUSTRIES.map((i) => [i.name, i.slug]))(
    '%s: KPI cards, charts and their table alternatives',
    (_name, slug) => {
      const { declaration, report, figures } = sampleFigures(slug);
      const { view } = templateView(report.uuid, figures);
      render(<ReportRenderer view={view} declaration={declaration} template={report} rowCount={100} />);
      for (const kpi of view.kpis) expect(statValue(kpi.label)).toBe(SAMPLE[kpi.format][1]);
      for (const chart of view.charts) {
        // A chart split by a dimension adds it to its name ('Students per grade by gender').
        const name = (n: string) => n.startsWith(chart.title);
        expect(screen.getByRole('img', { name })).toBeInTheDocument();
        const table = screen.getByRole('table', { name });
        const month = declaration.dimensions.find((d) => d.key === chart.dimension.key)?.bucket === 'month';
        const first = within(table).getByRole('rowheader', { name: month ? 'Jan 2025' : 'North' });
        // The first point's first series is 10 (see sampleFigures), written in its measure's format.
        expect(within(first.closest('tr')!).getAllByRole('cell')[0]).toHaveTextContent(
          TEN[chart.series[0]!.format],
        );
      }
    },
  );

  it.each(INDUSTRIES.map((i) => [i.name, i.slug]))(
    '%s: the empty state before any data is refreshed',
    (_n, slug) => {
      const { declaration, report } = sampleFigures(slug);
      render(<ReportRenderer view={templateView(report.uuid).view} declaration={declaration} rowCount={0} />);
      expect(
        screen.getByText('No data yet. Upload a file, then use Refresh Visuals to see this report.'),
      ).toBeVisible();
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
    },
  );

  it('shows a loading state while the figures load', () => {
    render(<ReportRenderer view={undefined} />);
    expect(screen.getByRole('status', { name: 'Loading report...' })).toBeInTheDocument();
  });

  it('declares at least four templates per sector, spread over the tiers (Beta fewest)', () => {
    for (const d of SECTOR_DECLARATIONS) {
      const count = (tier: string) =>
        d.reports.filter((r) => (r.tiers as readonly string[]).includes(tier)).length;
      expect(d.reports.length, d.industry).toBeGreaterThanOrEqual(4);
      expect(count('Beta')).toBeLessThanOrEqual(count('Alpha'));
      expect(count('Alpha')).toBeLessThanOrEqual(count('Alpha+'));
    }
  });
});

describe('ReportRenderer: hotels', () => {
  const hotels = sectorDeclaration('hotels');

  it('reads occupancy, ADR and RevPAR, per month and per property, with a keyboard-operable table', async () => {
    const { view } = templateView(sectorOverview(hotels).uuid, {
      kpis: { occupancy: 0.8125, adr: 5900, revpar: 4793.75, room_revenue: 12_34_56_789 },
      charts: {
        occupancy: {
          points: [
            ['2025-05', 0.75],
            ['2025-06', 0.875],
          ],
        },
        revpar: {
          points: [
            ['Seaview Goa', 5100],
            ['Hill Retreat Munnar', null],
          ],
        },
      },
    });
    render(<ReportRenderer view={view} declaration={hotels} rowCount={61} />);
    expect(statValue('Occupancy')).toBe('81.3%');
    expect(statValue('ADR')).toBe('₹5,900');
    expect(statValue('RevPAR')).toBe('₹4,794');
    expect(statValue('Room revenue')).toBe('₹12,34,56,789');

    const monthly = screen.getByRole('table', { name: 'Occupancy per month' });
    expect(
      within(monthly)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Month', 'Occupancy']);
    const june = within(monthly).getByRole('rowheader', { name: 'Jun 2025' }).closest('tr')!;
    expect(within(june).getByRole('cell')).toHaveTextContent('87.5%');
    const byProperty = screen.getByRole('table', { name: 'RevPAR by property' });
    const munnar = within(byProperty).getByRole('rowheader', { name: 'Hill Retreat Munnar' }).closest('tr')!;
    expect(within(munnar).getByRole('cell')).toHaveTextContent('N/A');

    const user = userEvent.setup();
    const toggle = screen.getAllByRole('button', { name: 'Show data table' })[0]!;
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide data table');
  });

  it('says N/A on a card with nothing to divide by', () => {
    const { view } = templateView(sectorOverview(hotels).uuid, {
      kpis: { occupancy: 0, adr: null, revpar: 0, room_revenue: 0 },
      charts: { occupancy: { points: [['2025-05', null]] }, revpar: { points: [['Seaview Goa', 10]] } },
    });
    render(<ReportRenderer view={view} declaration={hotels} rowCount={3} />);
    expect(statValue('ADR')).toBe('N/A');
    // A chart without a figure says so in its picture; the others draw theirs.
    expect(
      within(screen.getByRole('img', { name: 'Occupancy per month' })).getByText('No data'),
    ).toBeVisible();
    const revpar = screen.getByRole('img', { name: 'RevPAR by property' });
    expect(within(revpar).getByText('Seaview Goa')).toBeVisible();
    expect(within(revpar).queryByText('No data')).not.toBeInTheDocument();
  });
});
