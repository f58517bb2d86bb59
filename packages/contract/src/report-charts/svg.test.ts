import { describe, expect, it } from 'vitest';
import { chartScene } from './chart-scene';
import type { ChartScene } from './scene';
import { sceneToSvg } from './svg';
import { sampleChart } from './testing';

describe('sceneToSvg', () => {
  it('writes a standalone document in a sans-serif stack, named by the title', () => {
    const svg = sceneToSvg(chartScene(sampleChart('grouped-bar'), { width: 640, height: 360 }));
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="640" height="360" viewBox="0 0 640 360"/,
    );
    expect(svg).toMatch(/font-family="[^"]*sans-serif"/);
    expect(svg).toContain('<title>Students per grade by gender</title>');
    expect(svg).toContain('>Grade 1</text>');
    expect(svg).toContain('<title>Grade 2, Female: 34</title>');
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('escapes every text and attribute', () => {
    const chart = sampleChart('bar', {
      title: 'Fees <by> "school" & zone',
      series: [{ key: 'n', label: 'A&B', format: 'integer' }],
      rows: [{ label: '<script>"x"</script>', values: [1] }],
    });
    const svg = sceneToSvg(chartScene(chart, { width: 1280, height: 720 }));
    expect(svg).not.toMatch(/<script|"x"|<by>/);
    expect(svg).toContain('Fees &lt;by&gt; &quot;school&quot; &amp; zone');
    expect(svg).toContain('&lt;script&gt;&quot;x&quot;&lt;/script&gt;');
    expect(svg).toContain('>A&amp;B</text>');
  });

  it('draws each kind of primitive', () => {
    const scene: ChartScene = {
      width: 10,
      height: 10,
      title: 't',
      background: '#FFFFFF',
      legend: [],
      primitives: [
        { kind: 'line', x1: 0, y1: 1, x2: 9, y2: 1, stroke: '#000', width: 1, dash: [2, 2] },
        { kind: 'path', d: 'M 0 0 L 1 1', fill: null, stroke: '#111', width: 2 },
        {
          kind: 'text',
          x: 5,
          y: 5,
          text: 'T',
          size: 12,
          fill: '#222',
          anchor: 'middle',
          weight: 'bold',
          baseline: 'middle',
        },
      ],
    };
    const svg = sceneToSvg(scene);
    expect(svg).toContain(
      '<line x1="0" y1="1" x2="9" y2="1" stroke="#000" stroke-width="1" stroke-dasharray="2 2"/>',
    );
    expect(svg).toContain('d="M 0 0 L 1 1" fill="none" stroke="#111" stroke-width="2"');
    expect(svg).toContain('font-weight="bold" dominant-baseline="middle">T</text>');
  });
});
