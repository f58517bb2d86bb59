import { defineRoute } from './http';

export const metricsRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/metrics',
    tag: 'operations',
    // Not a session: the handler asks for `Authorization: Bearer <METRICS_TOKEN>`, and answers 404
    // when no token is configured.
    access: 'none',
    summary:
      "The instance's metrics in the Prometheus text format (requests, latency, database pool, uploads, " +
      'refresh jobs, event loop); needs the bearer METRICS_TOKEN',
    text: true,
  }),
} as const;
