/**
 * The chart palette (docs/PRODUCT.md#visual-design: Okabe–Ito, colour-blind safe). A canvas needs concrete colours, so they
 * are read from the design tokens in styles/index.css (--color-chart-*); the values here mirror those
 * tokens and are used only where the stylesheet is absent (unit tests) or a token was not emitted.
 */
const FALLBACK = {
  blue: '#0072b2',
  orange: '#e69f00',
  green: '#009e73',
  pink: '#cc79a7',
  sky: '#56b4e9',
  vermillion: '#d55e00',
  ink: '#0f172a',
  muted: '#475569',
  line: '#e2e8f0',
  surface: '#ffffff',
} as const;

export type PaletteName = keyof typeof FALLBACK;

const TOKEN: Record<PaletteName, string> = {
  blue: '--color-chart-blue',
  orange: '--color-chart-orange',
  green: '--color-chart-green',
  pink: '--color-chart-pink',
  sky: '--color-chart-sky',
  vermillion: '--color-chart-vermillion',
  ink: '--color-ink',
  muted: '--color-muted',
  line: '--color-line',
  surface: '--color-surface',
};

/** The concrete colour of a palette entry, from the design tokens when the stylesheet defines them. */
export function chartColor(name: PaletteName): string {
  if (typeof window !== 'undefined' && typeof getComputedStyle === 'function') {
    const value = getComputedStyle(document.documentElement).getPropertyValue(TOKEN[name]).trim();
    if (value) return value;
  }
  return FALLBACK[name];
}

/** Fixed meanings, the same on every chart: female/male, submitted/not submitted. */
export const SERIES_COLOR = {
  female: 'blue',
  male: 'orange',
  submitted: 'green',
  notSubmitted: 'vermillion',
  trend: 'blue',
} as const satisfies Record<string, PaletteName>;

/** `#rrggbb` (or `#rgb`) with an alpha channel, for fills under a line. Other formats pass through. */
export function withAlpha(color: string, alpha: number): string {
  const hex = color.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return color;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
