import { EDUCATION, monthLabel, REPORT_TEMPLATES } from '@insightra/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { templateView, type ViewFigures } from '../testing/report-views';
import { statValue } from '../testing/stat-value';
import { ReportRenderer } from './report-renderer';

const uuid = (key: string) => REPORT_TEMPLATES.find((t) => t.key === key)!.uuid;

function draw(key: string, figures: ViewFigures, rowCount = 100) {
  const { view, report } = templateView(uuid(key), figures);
  return render(<ReportRenderer view={view} declaration={EDUCATION} template={report} rowCount={rowCount} />);
}

const cells = (table: string, row: string) =>
  within(
    within(screen.getByRole('table', { name: table }))
      .getByRole('rowheader', { name: row })
      .closest('tr')!,
  )
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Education reports, drawn by the renderer from their declarations', () => {
  it('Grades by Gender: totals and one bar pair per grade', () => {
    draw('grades-by-gender', {
      kpis: { students: 1246, female_share: 1205 / 1246 },
      charts: {
        grades: {
          split: ['Female', 'Male'],
          points: [
            ['Grade 6', 1200, 34],
            ['Grade 7', 5, 7],
          ],
        },
      },
    });
    expect(statValue('Students')).toContain('1,246');
    expect(statValue('Female students')).toBe('96.7%');
    const picture = screen.getByRole('img', { name: 'Students per grade by gender' });
    for (const text of ['Grade 6', 'Grade 7', 'Female', 'Male'])
      expect(within(picture).getByText(text)).toBeVisible();
    expect(cells('Students per grade by gender', 'Grade 6')).toEqual(['1,200', '34']);
  });

  it('Project Submission Status: the submission rate and both slices', () => {
    draw('project-submissions', {
      kpis: { students: 4, submission_rate: 0.75 },
      charts: {
        submissions: {
          points: [
            ['Yes', 3],
            ['No', 1],
          ],
        },
      },
    });
    expect(statValue('Students')).toContain('4');
    expect(statValue('Submission rate')).toContain('75.0%');
    const picture = screen.getByRole('img', { name: 'Project submissions' });
    for (const text of ['Yes 3 (75.0%)', 'No 1 (25.0%)', '4'])
      expect(within(picture).getByText(text)).toBeVisible();
    expect(cells('Project submissions', 'No')).toEqual(['1', '25.0%']);
  });

  it('Score Distribution: the average and a bar per band', () => {
    const bands = Array.from({ length: 10 }, (_, i): [string, number] => [
      i === 9 ? '90-100' : `${i * 10}-${i * 10 + 9}`,
      i === 9 ? 4 : i,
    ]);
    draw('score-distribution', {
      kpis: { average_score: 71.25, scored: 49 },
      charts: { bands: { points: bands } },
    });
    expect(statValue('Average score')).toContain('71.3');
    expect(statValue('Students with a score')).toContain('49');
    expect(cells('Students per score band', '90-100')).toEqual(['4']);
  });

  it('Score Distribution: the empty state when no student has a score', () => {
    draw('score-distribution', {
      kpis: { average_score: null, scored: 0 },
      charts: { bands: { points: [['0-9', 0]] } },
    });
    expect(screen.getByText(/No data yet/)).toBeInTheDocument();
  });

  it('Enrolment Trend: enrolments per month, labelled in words', () => {
    draw('enrolment-trend', {
      kpis: { students: 1517 },
      charts: {
        enrolments: {
          points: [
            ['2025-01', 10],
            ['2025-02', 1500],
            ['2025-03', 7],
          ],
        },
      },
    });
    expect(statValue('Students')).toContain('1,517');
    expect(
      within(screen.getByRole('img', { name: 'Enrolments per month' })).getByText('Feb 2025'),
    ).toBeVisible();
    expect(cells('Enrolments per month', monthLabel('2025-02'))).toEqual(['1,500']);
    expect(monthLabel('2025-02')).toMatch(/Feb/);
  });

  it('Sector Overview: the headline figures and both charts', () => {
    draw('sector-overview', {
      kpis: { students: 10, female_share: 0.6, submission_rate: 0.7, average_score: 64.5 },
      charts: {
        grades: { split: ['Female', 'Male'], points: [['A', 6, 4]] },
        submissions: {
          points: [
            ['Yes', 7],
            ['No', 3],
          ],
        },
      },
    });
    expect(statValue('Students')).toContain('10');
    expect(statValue('Female students')).toContain('60.0%');
    expect(statValue('Submission rate')).toContain('70.0%');
    expect(statValue('Average score')).toContain('64.5');
    expect(screen.getByRole('img', { name: 'Students per grade by gender' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Project submissions' })).toBeInTheDocument();
  });

  it.each(REPORT_TEMPLATES.map((t) => [t.name, t.key]))('%s: the empty state without rows', (_n, key) => {
    draw(key, {}, 0);
    expect(screen.getByText(/No data yet/)).toBeInTheDocument();
  });
});
