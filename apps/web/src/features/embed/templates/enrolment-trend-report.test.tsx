import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeCanvas } from '../../../components/charts/testing/fake-canvas';
import { statValue } from '../testing/stat-value';
import { EnrolmentTrendReport, monthLabel } from './enrolment-trend-report';

beforeEach(() => installFakeCanvas());

describe('EnrolmentTrendReport', () => {
  it('totals enrolments and names the peak month', () => {
    render(
      <EnrolmentTrendReport
        rows={[
          { month: '2025-01', count: 10 },
          { month: '2025-02', count: 1500 },
          { month: '2025-03', count: 7 },
        ]}
      />,
    );
    expect(statValue('Enrolments')).toContain('1,517');
    expect(statValue('Peak Month')).toContain(monthLabel('2025-02'));
    expect(screen.getByRole('img', { name: 'Enrolments per month' })).toBeInTheDocument();
  });

  it('labels months in words', () => {
    expect(monthLabel('2025-02')).toMatch(/Feb/);
  });

  it('shows the empty state without enrolment dates', () => {
    render(<EnrolmentTrendReport rows={[]} />);
    expect(screen.getByText(/No data yet/)).toBeInTheDocument();
  });
});
