import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeCanvas } from '../../../components/charts/testing/fake-canvas';
import { statValue } from '../testing/stat-value';
import { ProjectSubmissionsReport } from './project-submissions-report';

beforeEach(() => installFakeCanvas());

describe('ProjectSubmissionsReport', () => {
  it('shows the total, the submission rate and both slices', () => {
    render(
      <ProjectSubmissionsReport
        rows={[
          { status: 'Yes', count: 3 },
          { status: 'No', count: 1 },
        ]}
      />,
    );
    expect(statValue('Total Projects')).toContain('4');
    expect(statValue('Submission Rate')).toContain('75.0%');
    expect(screen.getByRole('img', { name: 'Project submissions by status' })).toBeInTheDocument();
    expect(screen.getAllByText('Not Submitted').length).toBeGreaterThan(0);
  });

  it('shows the empty state when there are no projects', () => {
    render(
      <ProjectSubmissionsReport
        rows={[
          { status: 'Yes', count: 0 },
          { status: 'No', count: 0 },
        ]}
      />,
    );
    expect(screen.getByText(/No data yet/)).toBeInTheDocument();
  });
});
