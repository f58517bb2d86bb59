import { api } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addRoute } from '../../lib/route';
import { gradesByGender, submissionsByStatus } from './repository';
import { TtlCache } from './ttl-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The charts' short-lived result cache: `ttlMs` adjusts it, `clear()` empties it. */
    chartCache: TtlCache;
  }
}

/**
 * The demo charts are public and every visitor asks the same question, so answers are kept for a few
 * seconds: a burst of page views costs one aggregation, and changed demo rows show up almost at once.
 */
export const CHART_CACHE_TTL_MS = 5_000;

/** Public demo chart data: SQL aggregations over demo_students. */
export const registerChartRoutes = fp(
  async (app: FastifyInstance) => {
    const cache = new TtlCache(CHART_CACHE_TTL_MS);
    app.decorate('chartCache', cache);

    addRoute(app, api.charts.grades, () =>
      cache.get('grades:education', () => gradesByGender(app.db, 'education')),
    );

    addRoute(app, api.charts.submissions, () =>
      cache.get('submissions:education', () => submissionsByStatus(app.db, 'education')),
    );

    addRoute(app, api.charts.automobile, () =>
      cache.get('automobile', async () => {
        const [grades, statuses] = await Promise.all([
          gradesByGender(app.db, 'automobile'),
          submissionsByStatus(app.db, 'automobile'),
        ]);
        return {
          barData: grades.map((g) => ({ grade: g.grade, female: g.female_count, male: g.male_count })),
          donutData: statuses,
        };
      }),
    );
  },
  { name: 'charts', dependencies: ['database'] },
);
