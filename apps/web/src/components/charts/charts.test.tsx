import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { compactLabel } from './chart-theme';
import { DonutChart } from './donut-chart';
import { GroupedBarChart } from './grouped-bar-chart';
import { LineChart } from './line-chart';
import { StatCard } from './stat-card';
import { installFakeCanvas } from './testing/fake-canvas';

beforeEach(() => {
  installFakeCanvas();
});

describe('chart primitives', () => {
  it('gives a grouped bar chart an accessible name and a data table with the same numbers', async () => {
    const user = userEvent.setup();
    render(
      <GroupedBarChart
        ariaLabel="Students per grade"
        categories={['Grade 6', 'Grade 10']}
        series={[
          { label: 'Female', values: [1_234_567, 3], color: 'blue' },
          { label: 'Male', values: [10, 0], color: 'orange' },
        ]}
        categoryTitle="Grade"
      />,
    );
    expect(screen.getByRole('img', { name: 'Students per grade' }).tagName).toBe('CANVAS');
    const table = screen.getByRole('table', { name: 'Students per grade' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Grade', 'Female', 'Male']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Grade 6', '12,34,567', '10'],
      ['Grade 10', '3', '0'],
    ]);

    const toggle = screen.getByRole('button', { name: 'Show data table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide data table' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('lists each donut slice with its count and its share to one decimal', () => {
    render(
      <DonutChart
        ariaLabel="Projects by status"
        slices={[
          { label: 'Submitted', value: 2, color: 'green' },
          { label: 'Not Submitted', value: 1, color: 'vermillion' },
        ]}
        animationMs={2000}
        categoryTitle="Status"
      />,
    );
    expect(screen.getByRole('img', { name: 'Projects by status' })).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: 'Projects by status: legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Submitted2 (66.7%)', 'Not Submitted1 (33.3%)']);
    const table = screen.getByRole('table', { name: 'Projects by status' });
    expect(within(table).getByRole('row', { name: /Not Submitted/ })).toHaveTextContent(
      'Not Submitted133.3%',
    );
  });

  it('gives a line chart an accessible name and a data table', () => {
    render(
      <LineChart
        ariaLabel="Visitors per month"
        categories={['April 2025', 'May 2025']}
        values={[2340, 2680]}
        seriesLabel="Visitors"
        categoryTitle="Month"
      />,
    );
    expect(screen.getByRole('img', { name: 'Visitors per month' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Visitors per month' });
    expect(within(table).getByRole('row', { name: /May 2025/ })).toHaveTextContent('2,680');
  });

  it('draws several line series with a legend, and writes values and gaps with the given format', () => {
    render(
      <LineChart
        ariaLabel="ADR and RevPAR per month"
        categories={['May 2025', 'June 2025']}
        series={[
          { label: 'ADR', values: [5900, null], color: 'blue' },
          { label: 'RevPAR', values: [4000, 4100], color: 'orange' },
        ]}
        categoryTitle="Month"
        formatValue={(v) => `₹${v}`}
      />,
    );
    const table = screen.getByRole('table', { name: 'ADR and RevPAR per month' });
    expect(within(table).getByRole('row', { name: /June 2025/ })).toHaveTextContent('June 2025N/A₹4100');
  });

  it('stacks bar series when asked, with the same table', () => {
    render(
      <GroupedBarChart
        ariaLabel="Units per month by fuel type"
        categories={['Jan 2025']}
        series={[
          { label: 'Petrol', values: [3], color: 'blue' },
          { label: 'EV', values: [null], color: 'green' },
        ]}
        stacked
      />,
    );
    const table = screen.getByRole('table', { name: 'Units per month by fuel type' });
    expect(within(table).getByRole('row', { name: /Jan 2025/ })).toHaveTextContent('Jan 20253N/A');
  });

  it('names a card value by its label', () => {
    render(<StatCard label="Total Students" value="2,800" hint="all grades" />);
    const term = screen.getByText('Total Students');
    expect(term.tagName).toBe('DT');
    expect(screen.getByText('2,800').tagName).toBe('DD');
  });
});

describe('compactLabel', () => {
  it('drops a first word that every label shares, and shortens month names', () => {
    const grades = ['Grade 6', 'Grade 10'];
    expect(grades.map((g) => compactLabel(g, grades))).toEqual(['6', '10']);
    const months = ['April 2025', 'September 2025', 'May 2025'];
    expect(months.map((m) => compactLabel(m, months))).toEqual(['Apr', 'Sep', 'May']);
    const years = ['December 2024', 'January 2025'];
    expect(years.map((m) => compactLabel(m, years))).toEqual(['Dec 2024', 'Jan 2025']);
    const mixed = ['Semester 1', 'Apprentice'];
    expect(mixed.map((m) => compactLabel(m, mixed))).toEqual(['Semester 1', 'Apprentice']);
    expect(compactLabel('Grade 6', ['Grade 6'])).toBe('Grade 6');
  });
});
