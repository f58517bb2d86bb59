import {
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import { ChartDataTable } from './chart-data-table';
import { categoryAxis, tooltipOptions, valueAxis } from './chart-theme';
import { formatNumber } from './format';
import { chartColor, type PaletteName, withAlpha } from './palette';
import { useReducedMotion } from './use-reduced-motion';

// Only the pieces a filled line chart draws with.
Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Filler, Tooltip);

export interface LineChartProps {
  ariaLabel: string;
  /** One label per point along the x axis ('April 2025', ...). */
  categories: string[];
  values: number[];
  /** Name of the measure ('Visitors'): tooltip and table header. */
  seriesLabel: string;
  categoryTitle?: string;
  valueTitle?: string;
  color?: PaletteName;
  heightClassName?: string;
}

/** One series over time, lightly filled, with a data table holding the same numbers. */
export function LineChart({
  ariaLabel,
  categories,
  values,
  seriesLabel,
  categoryTitle,
  valueTitle,
  color = 'blue',
  heightClassName = 'h-72 sm:h-96',
}: LineChartProps) {
  const reducedMotion = useReducedMotion();
  const stroke = chartColor(color);
  return (
    <div>
      <div className={`relative w-full ${heightClassName}`}>
        <Line
          role="img"
          aria-label={ariaLabel}
          data={{
            labels: categories,
            datasets: [
              {
                label: seriesLabel,
                data: values,
                borderColor: stroke,
                backgroundColor: withAlpha(stroke, 0.12),
                fill: 'origin',
                tension: 0.35,
                borderWidth: 3,
                pointRadius: 4,
                pointHoverRadius: 6,
                pointBackgroundColor: stroke,
              },
            ],
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: reducedMotion ? false : { duration: 800 },
            interaction: { mode: 'index', intersect: false },
            scales: { x: categoryAxis(categoryTitle), y: valueAxis(valueTitle) },
            plugins: {
              tooltip: {
                ...tooltipOptions(),
                callbacks: { label: (ctx) => `${seriesLabel}: ${formatNumber(Number(ctx.raw))}` },
              },
            },
          }}
        />
      </div>
      <ChartDataTable
        caption={ariaLabel}
        columns={[{ header: categoryTitle ?? 'Category' }, { header: seriesLabel, numeric: true }]}
        rows={categories.map((c, i) => [c, formatNumber(values[i] ?? 0)])}
      />
    </div>
  );
}
