import {
  formatValue,
  type ReportChart as ReportChartData,
  type ReportView,
  type SectorDeclaration,
  type SectorReport,
} from '@insightra/contract';
import type { ReactNode } from 'react';
import { StatCard } from '../../../components/charts/stat-card';
import { ReportChart } from './report-chart';
import { ReportEmpty, ReportLoading } from './report-states';

export interface ReportRendererProps {
  /** The server's figures for the template (its KPI cards and charts); undefined while they load. */
  view: ReportView | undefined;
  /** The declaration of the template's sector (the dimensions its charts are split by). */
  declaration?: SectorDeclaration;
  /** The template's declaration (its charts' split dimensions and measures). */
  template?: SectorReport;
  /** Rows the figures were computed from; 0 before the first upload is refreshed. */
  rowCount?: number;
  /** Controls beside each chart's title (its downloads), when the report can be exported. */
  chartActions?: (chart: ReportChartData) => ReactNode;
}

/** True when the figures hold nothing to draw: no rows, or every card and chart without a value. */
function isEmpty(view: ReportView, rowCount: number): boolean {
  if (rowCount === 0) return true;
  const kpiValue = view.kpis.some((k) => k.value !== null && k.value !== 0);
  const chartValue = view.charts.some((c) => c.rows.some((r) => r.values.some((v) => v !== null && v !== 0)));
  return !kpiValue && !chartValue;
}

/**
 * Draws any built-in report template from the server's answer: KPI cards, then charts (bar, grouped or
 * stacked bar, line, donut), each with its table alternative; a loading and an empty state.
 */
export function ReportRenderer({
  view,
  declaration,
  template,
  rowCount = 0,
  chartActions,
}: ReportRendererProps) {
  if (!view) return <ReportLoading />;
  if (isEmpty(view, rowCount)) return <ReportEmpty />;
  // Rupee figures run long (₹1,11,87,71,850): four cards side by side only from 1280 px.
  const kpiColumns =
    view.kpis.length >= 4
      ? 'sm:grid-cols-2 xl:grid-cols-4'
      : view.kpis.length === 3
        ? 'sm:grid-cols-2 lg:grid-cols-3'
        : 'sm:grid-cols-2';
  return (
    <div className="space-y-4">
      {view.kpis.length > 0 && (
        <div className={`grid gap-3 ${kpiColumns}`}>
          {view.kpis.map((k) => (
            <StatCard key={k.key} label={k.label} value={formatValue(k.value, k.format)} />
          ))}
        </div>
      )}
      <div className={`grid gap-4 ${view.charts.length > 1 ? 'xl:grid-cols-2' : ''}`}>
        {view.charts.map((c) => (
          <ReportChart
            key={c.key}
            chart={c}
            declaration={declaration}
            spec={template?.charts.find((spec) => spec.key === c.key)}
            actions={chartActions?.(c)}
          />
        ))}
      </div>
    </div>
  );
}
