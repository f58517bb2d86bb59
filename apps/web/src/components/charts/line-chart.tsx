import {
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import { ChartDataTable } from './chart-data-table';
import { categoryAxis, legendOptions, tooltipOptions, valueAxis } from './chart-theme';
import { cellText, formatNumber } from './format';
import { chartColor, type PaletteName, withAlpha } from './palette';
import { useReducedMotion } from './use-reduced-motion';

// Only the pieces a filled line chart draws with.
Chart.register(
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Filler,
  Tooltip,
  Legend,
);

export interface LineSeries {
  /** Name of the measure ('Visitors'): legend, tooltip and table header. */
  label: string;
  /** One value per point; null leaves a gap (a ratio with nothing to divide by). */
  values: (number | null)[];
  color: PaletteName;
}

interface CommonLineChartProps {
  ariaLabel: string;
  /** One label per point along the x axis ('April 2025', ...). */
  categories: string[];
  categoryTitle?: string;
  valueTitle?: string;
  heightClassName?: string;
  /** Writes a value for the tooltip and the table (India-locale whole numbers unless given). */
  formatValue?: (value: number) => string;
  /** Writes the value axis' ticks (formatValue unless given). */
  formatTick?: (value: number) => string;
}

/** One series (`values`, `seriesLabel`, `color`) or several (`series`, with a legend). */
export type LineChartProps = CommonLineChartProps &
  (
    | { values: number[]; seriesLabel: string; color?: PaletteName; series?: undefined }
    | { series: LineSeries[]; values?: undefined; seriesLabel?: undefined; color?: undefined }
  );

/** Series over time, the first lightly filled, with a data table holding the same numbers. */
export function LineChart(props: LineChartProps) {
  const {
    ariaLabel,
    categories,
    categoryTitle,
    valueTitle,
    heightClassName = 'h-72 sm:h-96',
    formatValue = formatNumber,
    formatTick = formatValue,
  } = props;
  const reducedMotion = useReducedMotion();
  const series: LineSeries[] = props.series ?? [
    { label: props.seriesLabel, values: props.values, color: props.color ?? 'blue' },
  ];
  const single = series.length === 1;
  return (
    <div>
      <div className={`relative w-full ${heightClassName}`}>
        <Line
          role="img"
          aria-label={ariaLabel}
          data={{
            labels: categories,
            datasets: series.map((s) => {
              const stroke = chartColor(s.color);
              return {
                label: s.label,
                data: s.values,
                borderColor: stroke,
                backgroundColor: single ? withAlpha(stroke, 0.12) : stroke,
                fill: single ? ('origin' as const) : false,
                tension: 0.35,
                borderWidth: 3,
                pointRadius: 4,
                pointHoverRadius: 6,
                pointBackgroundColor: stroke,
              };
            }),
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: reducedMotion ? false : { duration: 800 },
            interaction: { mode: 'index', intersect: false },
            scales: { x: categoryAxis(categoryTitle), y: valueAxis(valueTitle, formatTick) },
            plugins: {
              legend: legendOptions(!single),
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
