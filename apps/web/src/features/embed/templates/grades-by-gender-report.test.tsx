import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeCanvas } from '../../../components/charts/testing/fake-canvas';
import { statValue } from '../testing/stat-value';
import { GradesByGenderReport } from './grades-by-gender-report';

beforeEach(() => installFakeCanvas());

describe('GradesByGenderReport', () => {
  it('totals the genders and draws one bar pair per grade', () => {
    render(
      <GradesByGenderReport
        rows={[
          { grade: 'Grade 6', female_count: 1200, male_count: 34 },
          { grade: 'Grade 7', female_count: 5, male_count: 7 },
        ]}
      />,
    );
    expect(statValue('Total Students')).toContain('1,246');
    expect(statValue('Female Students')).toContain('1,205');
    expect(screen.getByRole('img', { name: 'Students per grade by gender' })).toBeInTheDocument();
    const row = screen.getByRole('rowheader', { name: 'Grade 6' }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1,200', '34']);
  });

  it('shows the empty state without rows', () => {
    render(<GradesByGenderReport rows={[]} />);
    expect(screen.getByText(/No data yet/)).toBeInTheDocument();
  });
});
