import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { biRoutes } from './bi/routes';
import { chartRoutes } from './charts/routes';
import { healthRoutes } from './health/routes';
import { issuesPlugin } from './issues/plugin';
import { reportRoutes } from './reports/routes';
import { sampleReportRoutes } from './sample-report/routes';
import { sectorRoutes } from './sectors/routes';
import { uploadRoutes } from './uploads/routes';

/** Every feature's routes, registered by app.ts in this order. */
export const features: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  issuesPlugin,
  sampleReportRoutes,
  adminRoutes,
  authRoutes,
  sectorRoutes,
  chartRoutes,
  reportRoutes,
  biRoutes,
  uploadRoutes,
];
