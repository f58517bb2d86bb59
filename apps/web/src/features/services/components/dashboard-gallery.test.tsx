import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { json, mockApi } from '../../../test/render';
import { DashboardGallery } from './dashboard-gallery';

const gallery = () => (
  <AppProviders queryClient={createQueryClient()}>
    <DashboardGallery />
  </AppProviders>
);

describe('the BI gallery', () => {
  it('renders empty frames at build time: no "Loading..." that only the app could end', () => {
    const { calls } = mockApi({});
    const html = renderToString(gallery());
    expect(html).toContain('Reports from our demo data');
    expect(html).toContain('data-app-fills');
    expect(html).not.toContain('Loading...');
    expect(html).not.toContain('role="status"');
    expect(calls).toEqual([]);
  });

  it('fetches and draws the live demo figures once the app runs', async () => {
    mockApi({
      'GET /api/chart/grades': () =>
        json([
          { grade: 'Grade 1', female_count: 12, male_count: 10 },
          { grade: 'Grade 2', female_count: 8, male_count: 9 },
        ]),
      'GET /api/chart/submissions': () =>
        json([
          { status: 'Yes', count: 30 },
          { status: 'No', count: 10 },
        ]),
    });
    render(gallery());
    expect(
      await screen.findByRole('img', { name: /students by grade: 20 female and 19 male/ }),
    ).toBeVisible();
    expect(
      await screen.findByRole('img', { name: /project submissions: 75.0% submitted, 25.0% not submitted/ }),
    ).toBeVisible();
  });
});
