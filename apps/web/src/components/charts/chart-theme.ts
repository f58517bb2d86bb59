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

/** The value axis; `formatTick` writes its tick labels (India-locale whole numbers unless given). */
export function valueAxis(
  title?: string,
  formatTick: (value: number) => string = formatNumber,
  stacked = false,
) {
  return {
    beginAtZero: true,
    stacked,
    grid: { color: chartColor('line') },
    border: { display: false },
    ticks: {
      color: chartColor('muted'),
      font: baseFont(12),
      callback: (v: number | string) => formatTick(Number(v)),
    },
    ...(title ? { title: { display: true, text: title, color: chartColor('ink'), font: baseFont(13) } } : {}),
  };
}

/** Below this drawing width, category labels are shortened so they fit without slanting. */
const COMPACT_WIDTH_PX = 520;

const MONTH_YEAR = /^([A-Z][a-z]{2,}) (\d{4})$/;

/**
 * A shorter form of a category label for narrow charts: the shared first word is dropped when every
 * label has it ('Grade 10' → '10', the axis title says 'Grade'), and month names are cut to three
 * letters ('September 2025' → 'Sep 2025'; just 'Sep' when every label has the same year). The data
 * table keeps the full labels.
 */
export function compactLabel(label: string, all: readonly string[]): string {
  const first = label.split(' ')[0];
  if (first && all.length > 1 && all.every((l) => l.startsWith(`${first} `)))
    return label.slice(first.length + 1);
  const month = MONTH_YEAR.exec(label);
  if (month?.[1] && month[2]) {
    const oneYear = all.every((l) => MONTH_YEAR.exec(l)?.[2] === month[2]);
    return oneYear ? month[1].slice(0, 3) : `${month[1].slice(0, 3)} ${month[2]}`;
  }
  return label;
}

interface CategoryScaleLike {
  chart: { width: number };
  getLabels(): unknown[];
  getLabelForValue(value: number): string;
}

export function categoryAxis(title?: string, stacked = false) {
  return {
    stacked,
    grid: { display: false },
    border: { color: chartColor('line') },
    ticks: {
      color: chartColor('ink'),
      font: baseFont(12),
      callback(this: CategoryScaleLike, value: number | string) {
        const label = this.getLabelForValue(Number(value));
        if (this.chart.width >= COMPACT_WIDTH_PX) return label;
        return compactLabel(label, this.getLabels().map(String));
      },
    },
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
