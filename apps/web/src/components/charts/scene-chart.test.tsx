import { chartScene, type ReportChart } from '@insightra/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SceneChart } from './scene-chart';

const chart: ReportChart = {
  key: 'grades',
  title: 'Students per grade',
  kind: 'grouped-bar',
  dimension: { key: 'grade', label: 'Grade' },
  series: [
    { key: 'female', label: 'Female', format: 'integer' },
    { key: 'male', label: 'Male', format: 'integer' },
  ],
  rows: [
    { label: '<b>Grade 6</b>', values: [1200, 34] },
    { label: 'Grade 7', values: [5, null] },
  ],
};

describe('SceneChart', () => {
  it('draws a scene as one named, responsive SVG picture', () => {
    const scene = chartScene(chart, { width: 640, height: 360 });
    render(<SceneChart scene={scene} ariaLabel="Students per grade by gender" />);
    const picture = screen.getByRole('img', { name: 'Students per grade by gender' });
    expect(picture).toHaveAttribute('viewBox', '0 0 640 360');
    expect(picture).toHaveAttribute('width', '100%');
    for (const text of ['Female', 'Male', 'Grade', '0'])
      expect(within(picture).getByText(text)).toBeVisible();
    // Labels are text, never markup; each bar's tooltip names its figure; a null draws no bar.
    expect(within(picture).getByText('<b>Grade 6</b>')).toBeVisible();
    expect(picture.querySelector('b')).toBeNull();
    const tips = [...picture.querySelectorAll('rect > title')].map((t) => t.textContent);
    expect(tips).toEqual(['<b>Grade 6</b>, Female: 1,200', '<b>Grade 6</b>, Male: 34', 'Grade 7, Female: 5']);
    expect(picture.querySelectorAll('text')).toHaveLength(
      scene.primitives.filter((p) => p.kind === 'text').length,
    );
  });
});
