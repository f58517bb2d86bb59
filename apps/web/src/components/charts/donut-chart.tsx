import { LAYOUT } from '@insightra/contract';
import { ArcElement, Chart, DoughnutController, Tooltip } from 'chart.js';
import { Doughnut } from 'react-chartjs-2';
import { ChartDataTable } from './chart-data-table';
import { tooltipOptions } from './chart-theme';
import { formatNumber, formatPercent, percentOf } from './format';
import { chartColor, type PaletteName } from './palette';
import { useReducedMotion } from './use-reduced-motion';

// Only the pieces a doughnut draws with; its legend is HTML (below), so Chart.js' Legend is not needed.
Chart.register(DoughnutController, ArcElement, Tooltip);

export interface DonutSlice {
  label: string;
  value: number;
  color: PaletteName;
}

export interface DonutChartProps {
  ariaLabel: string;
  slices: DonutSlice[];
  /** How long the slices take to sweep in (docs/PRODUCT.md: 2000 ms standalone, 1200 ms on the automobile page). */
  animationMs: number;
  /** The hole's size; docs/PRODUCT.md fixes it at 60%. */
  cutout?: string;
  /** Words under the total in the middle of the ring ('Projects'). */
  totalLabel?: string;
  /** Header of the first table column ('Status'). */
  categoryTitle?: string;
  /** Header of the values' table column ('Count'). */
  valueTitle?: string;
  heightClassName?: string;
  /** Writes a slice's value and the total (India-locale whole numbers unless given). */
  formatValue?: (value: number) => string;
  /** Writes the total in the ring's hole, where room is short (formatValue unless given). */
  formatTotal?: (value: number) => string;
}

/** A ring of shares with the total in its middle, a legend of counts and percentages, and a data table. */
export function DonutChart({
  ariaLabel,
  slices,
  animationMs,
  cutout = LAYOUT.donutCutout,
  totalLabel = 'Total',
  categoryTitle = 'Category',
  valueTitle = 'Count',
  heightClassName = 'h-64 sm:h-80',
  formatValue = formatNumber,
  formatTotal = formatValue,
}: DonutChartProps) {
  const reducedMotion = useReducedMotion();
  const total = slices.reduce((n, s) => n + s.value, 0);
  const share = (s: DonutSlice) => formatPercent(percentOf(s.value, total), '0.0%');
  return (
    <div>
      <div className={`relative mx-auto w-full max-w-sm ${heightClassName}`}>
        <Doughnut
          role="img"
          aria-label={ariaLabel}
          data={{
            labels: slices.map((s) => s.label),
            datasets: [
              {
                data: slices.map((s) => s.value),
                backgroundColor: slices.map((s) => chartColor(s.color)),
                borderColor: chartColor('surface'),
                borderWidth: 2,
                hoverOffset: 6,
              },
            ],
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            cutout,
            animation: reducedMotion ? false : { duration: animationMs, animateRotate: true },
            plugins: {
              legend: { display: false },
              tooltip: {
                ...tooltipOptions(),
                callbacks: {
                  label: (ctx) => {
                    const slice = slices[ctx.dataIndex];
                    return slice ? `${slice.label}: ${formatValue(slice.value)} (${share(slice)})` : '';
                  },
                },
              },
            },
          }}
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center"
        >
          <span className="tabular text-3xl font-semibold text-ink">{formatTotal(total)}</span>
          <span className="text-sm text-muted">{totalLabel}</span>
        </div>
      </div>
      <ul className="mt-6 flex flex-wrap justify-center gap-x-8 gap-y-3" aria-label={`${ariaLabel}: legend`}>
        {slices.map((s) => (
          <li key={s.label} className="flex items-center gap-2 text-sm text-ink">
            <span
              aria-hidden="true"
              className="inline-block size-3 rounded-sm"
              style={{ backgroundColor: chartColor(s.color) }}
            />
            <span className="font-medium">{s.label}</span>
            <span className="tabular text-muted">
              {formatValue(s.value)} ({share(s)})
            </span>
          </li>
        ))}
      </ul>
      <ChartDataTable
        caption={ariaLabel}
        columns={[
          { header: categoryTitle },
          { header: valueTitle, numeric: true },
          { header: 'Share', numeric: true },
        ]}
        rows={slices.map((s) => [s.label, formatValue(s.value), share(s)])}
      />
    </div>
  );
}
