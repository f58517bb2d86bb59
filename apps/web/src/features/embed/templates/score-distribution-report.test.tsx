import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeCanvas } from '../../../components/charts/testing/fake-canvas';
import { statValue } from '../testing/stat-value';
import { ScoreDistributionReport } from './score-distribution-report';

beforeEach(() => installFakeCanvas());

const bands = Array.from({ length: 10 }, (_, i) => ({
  band: i === 9 ? '90-100' : `${i * 10}-${i * 10 + 9}`,
  from: i * 10,
  to: i === 9 ? 100 : i * 10 + 9,
  count: i === 9 ? 4 : i,
}));

describe('ScoreDistributionReport', () => {
  it('shows the average and a bar per band', () => {
    render(<ScoreDistributionReport rows={bands} averageScore={71.25} scored={49} />);
    expect(statValue('Average Score')).toContain('71.3');
    expect(statValue('Students with a Score')).toContain('49');
    const row = screen.getByRole('rowheader', { name: '90-100' }).closest('tr')!;
    expect(within(row).getByRole('cell')).toHaveTextContent('4');
  });

  it('shows the empty state when no student has a score', () => {
    render(<ScoreDistributionReport rows={bands} averageScore={null} scored={0} />);
    expect(screen.getByText(/No data yet/)).toBeInTheDocument();
  });
});
