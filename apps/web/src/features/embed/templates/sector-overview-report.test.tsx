import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeCanvas } from '../../../components/charts/testing/fake-canvas';
import { statValue } from '../testing/stat-value';
import { SectorOverviewReport } from './sector-overview-report';

beforeEach(() => installFakeCanvas());

describe('SectorOverviewReport', () => {
  it('shows the headline figures and both charts', () => {
    render(
      <SectorOverviewReport
        data={{
          students: 10,
          female: 6,
          male: 4,
          submitted: 7,
          averageScore: 64.5,
          grades: [{ grade: 'A', female_count: 6, male_count: 4 }],
        }}
      />,
    );
    expect(statValue('Students')).toContain('10');
    expect(statValue('Gender Ratio')).toContain('150.0%');
    expect(statValue('Submission Rate')).toContain('70.0%');
    expect(statValue('Average Score')).toContain('64.5');
    expect(screen.getByRole('img', { name: 'Students per grade by gender' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Project submissions by status' })).toBeInTheDocument();
  });

  it('shows the empty state with no students', () => {
    render(
      <SectorOverviewReport
        data={{ students: 0, female: 0, male: 0, submitted: 0, averageScore: null, grades: [] }}
      />,
    );
    expect(screen.getByText(/No data yet/)).toBeInTheDocument();
  });
});
