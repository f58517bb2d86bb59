import { formatNumber } from './format';
import { chartColor } from './palette';

/** Shared look of every chart: ink labels at 12–13 px, faint gridlines, India-locale figures. */
export function baseFont(size = 12) {
  return { family: getFontFamily(), size };
}

function getFontFamily(): string {
  if (typeof getComputedStyle === 'function') {
    const family = getComputedStyle(document.body).fontFamily;
    if (family) return family;
  }
  return 'system-ui, sans-serif';
}

export function valueAxis(title?: string) {
  return {
    beginAtZero: true,
    grid: { color: chartColor('line') },
    border: { display: false },
    ticks: {
      color: chartColor('muted'),
      font: baseFont(12),
      callback: (v: number | string) => formatNumber(Number(v)),
    },
    ...(title ? { title: { display: true, text: title, color: chartColor('ink'), font: baseFont(13) } } : {}),
  };
}

export function categoryAxis(title?: string) {
  return {
    grid: { display: false },
    border: { color: chartColor('line') },
    ticks: { color: chartColor('ink'), font: baseFont(12) },
    ...(title ? { title: { display: true, text: title, color: chartColor('ink'), font: baseFont(13) } } : {}),
  };
}

export function legendOptions(display = true) {
  return {
    display,
    position: 'bottom' as const,
    labels: {
      color: chartColor('ink'),
      font: baseFont(13),
      usePointStyle: true,
      pointStyle: 'rectRounded' as const,
      padding: 16,
    },
  };
}

export function tooltipOptions() {
  return {
    backgroundColor: chartColor('ink'),
    titleFont: baseFont(13),
    bodyFont: baseFont(13),
    padding: 10,
    cornerRadius: 8,
  };
}
