import { lazy } from 'react';

/**
 * The Power BI report frame, loaded on demand: render it only when /api/config says the provider is
 * `powerbi`, so the built-in build never downloads powerbi-client. Wrap it in <Suspense>.
 */
export const LazyPowerBiReportFrame = lazy(() =>
  import('./powerbi-report-frame').then((m) => ({ default: m.PowerBiReportFrame })),
);
export type { PowerBiReportFrameProps } from './powerbi-report-frame';
