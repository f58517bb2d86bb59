import { STORE_VISITORS } from '@insightra/contract';
import { CalendarCheck, TrendingUp, Users } from 'lucide-react';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { formatNumber } from '../../../components/charts/format';
import { LineChart } from '../../../components/charts/line-chart';
import { StatCard } from '../../../components/charts/stat-card';
import { CardGrid, ChartPageShell } from '../components/chart-page-shell';
import { visitorStats } from '../lib/card-math';

const TITLE = 'Store Visitors (Last 6 Months)';

/** /linechart: the one fixed demo series of docs/PRODUCT.md#demo-charts, April to September 2025. */
export function LineChartPage() {
  const stats = visitorStats(STORE_VISITORS);
  return (
    <ChartPageShell
      title={TITLE}
      description="Monthly footfall at a retail store from April to September 2025: a summer peak, then a seasonal easing."
    >
      <CardGrid columns={3}>
        <StatCard
          label="Total Visitors"
          value={formatNumber(stats.total)}
          hint="April – September 2025"
          icon={<Users className="size-5" />}
        />
        <StatCard
          label="Average Monthly"
          value={formatNumber(stats.averageMonthly)}
          hint="visitors per month"
          icon={<TrendingUp className="size-5" />}
        />
        <StatCard
          label="Peak Month"
          value={stats.peak?.month ?? 'N/A'}
          hint={stats.peak ? `${formatNumber(stats.peak.visitors)} visitors` : 'no months yet'}
          icon={<CalendarCheck className="size-5" />}
        />
      </CardGrid>
      <ChartPanel title="Visitors per month">
        <LineChart
          ariaLabel={`Line chart: ${TITLE}`}
          categories={STORE_VISITORS.map((m) => m.month)}
          values={STORE_VISITORS.map((m) => m.visitors)}
          seriesLabel="Visitors"
          categoryTitle="Month"
          valueTitle="Visitors"
        />
      </ChartPanel>
    </ChartPageShell>
  );
}
