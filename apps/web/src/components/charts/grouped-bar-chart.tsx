import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { ChartDataTable } from './chart-data-table';
import { categoryAxis, legendOptions, tooltipOptions, valueAxis } from './chart-theme';
import { formatNumber } from './format';
import { chartColor, type PaletteName } from './palette';
import { useReducedMotion } from './use-reduced-motion';

// Only the pieces a grouped bar chart draws with, so the bundle carries no unused chart types.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarSeries {
  label: string;
  values: number[];
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
}

/** Bars side by side per category, one colour per series, with a data table holding the same numbers. */
export function GroupedBarChart({
  ariaLabel,
  categories,
  series,
  categoryTitle,
  valueTitle,
  heightClassName = 'h-72 sm:h-96',
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
            scales: { x: categoryAxis(categoryTitle), y: valueAxis(valueTitle) },
            plugins: {
              legend: legendOptions(),
              tooltip: {
                ...tooltipOptions(),
                callbacks: { label: (ctx) => `${ctx.dataset.label}: ${formatNumber(Number(ctx.raw))}` },
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
        rows={categories.map((c, i) => [c, ...series.map((s) => formatNumber(s.values[i] ?? 0))])}
      />
    </div>
  );
}
