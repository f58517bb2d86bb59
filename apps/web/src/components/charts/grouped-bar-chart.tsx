import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { ChartDataTable } from './chart-data-table';
import { categoryAxis, legendOptions, tooltipOptions, valueAxis } from './chart-theme';
import { cellText, formatNumber } from './format';
import { chartColor, type PaletteName } from './palette';
import { useReducedMotion } from './use-reduced-motion';

// Only the pieces a grouped bar chart draws with, so the bundle carries no unused chart types.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarSeries {
  label: string;
  /** One value per category; null draws no bar (a ratio with nothing to divide by). */
  values: (number | null)[];
  color: PaletteName;
}

export interface GroupedBarChartProps {
  /** What the chart shows, read out for the canvas (e.g. 'Students per grade by gender'). */
  ariaLabel: string;
  /** One label per group along the x axis ('Grade 6', ...). */
  categories: string[];
  series: BarSeries[];
  categoryTitle?: string;
  valueTitle?: string;
  /** Tailwind height classes of the drawing area; the width follows the container. */
  heightClassName?: string;
  /** Series stacked in one bar per category instead of side by side. */
  stacked?: boolean;
  /** Writes a value for the tooltip and the table (India-locale whole numbers unless given). */
  formatValue?: (value: number) => string;
  /** Writes the value axis' ticks (formatValue unless given). */
  formatTick?: (value: number) => string;
}

/** Bars side by side per category, one colour per series, with a data table holding the same numbers. */
export function GroupedBarChart({
  ariaLabel,
  categories,
  series,
  categoryTitle,
  valueTitle,
  heightClassName = 'h-72 sm:h-96',
  stacked = false,
  formatValue = formatNumber,
  formatTick = formatValue,
}: GroupedBarChartProps) {
  const reducedMotion = useReducedMotion();
  const data = {
    labels: categories,
    datasets: series.map((s) => ({
      label: s.label,
      data: s.values,
      backgroundColor: chartColor(s.color),
      borderRadius: 4,
      maxBarThickness: 40,
      categoryPercentage: 0.7,
      barPercentage: 0.9,
    })),
  };
  return (
    <div>
      <div className={`relative w-full ${heightClassName}`}>
        <Bar
          role="img"
          aria-label={ariaLabel}
          data={data}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: reducedMotion ? false : { duration: 600 },
            interaction: { mode: 'index', intersect: false },
            scales: {
              x: categoryAxis(categoryTitle, stacked),
              y: valueAxis(valueTitle, formatTick, stacked),
            },
            plugins: {
              // One series needs no legend: the axis title names it.
              legend: legendOptions(series.length > 1),
              tooltip: {
                ...tooltipOptions(),
                callbacks: { label: (ctx) => `${ctx.dataset.label}: ${formatValue(Number(ctx.raw))}` },
              },
            },
          }}
        />
      </div>
      <ChartDataTable
        caption={ariaLabel}
        columns={[
          { header: categoryTitle ?? 'Category' },
          ...series.map((s) => ({ header: s.label, numeric: true })),
        ]}
        rows={categories.map((c, i) => [c, ...series.map((s) => cellText(s.values[i], formatValue))])}
      />
    </div>
  );
}
