import type { FastifyInstance } from 'fastify';
import { registerAdminRoutes } from './admin/routes';
import { registerAuthRoutes } from './auth/routes';
import { registerBiRoutes } from './bi/routes';
import { registerChartRoutes } from './charts/routes';
import { registerExportRoutes } from './exports/routes';
import { registerHealthRoutes } from './health/routes';
import { registerIssueRoutes } from './issues/plugin';
import { registerAdminOrganisationRoutes } from './organisations/admin-routes';
import { registerOrganisationRoutes } from './organisations/routes';
import { registerReportRoutes } from './reports/routes';
import { registerSampleReportRoutes } from './sample-report/routes';
import { registerSectorRoutes } from './sectors/routes';
import { registerSubscriptionRoutes } from './subscriptions/routes';
import { registerUploadRoutes } from './uploads/routes';

/** Every feature's routes, registered by app.ts in this order. */
export const features: ((app: FastifyInstance) => Promise<void>)[] = [
  registerHealthRoutes,
  registerIssueRoutes,
  registerSampleReportRoutes,
  registerAdminRoutes,
  registerAuthRoutes,
  registerOrganisationRoutes,
  registerAdminOrganisationRoutes,
  registerSectorRoutes,
  registerChartRoutes,
  registerReportRoutes,
  registerBiRoutes,
  registerExportRoutes,
  registerUploadRoutes,
  registerSubscriptionRoutes,
];
