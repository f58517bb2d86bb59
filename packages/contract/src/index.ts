import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { biRoutes } from './bi';
import { chartRoutes } from './charts';
import { configRoutes } from './config';
import { exportRoutes, subscriptionRoutes } from './exports';
import type { RouteDef } from './http';
import { issueRoutes } from './issues';
import { metricsRoutes } from './metrics';
import { adminOrganisationRoutes, organisationRoutes } from './organisations';
import { reportRoutes } from './reports';
import { sectorRoutes } from './sectors';
import { uploadRoutes } from './uploads';

export * from './account-mail';
export * from './admin';
export * from './auth';
export * from './bi';
export * from './charts';
export * from './config';
export * from './constants';
export * from './exports';
export * from './field-messages';
export * from './http';
export * from './import-mapping';
export * from './industries';
export * from './issues';
export * from './limit-messages';
export * from './messages';
export * from './metrics';
export * from './organisations';
export * from './report-charts';
export * from './report-templates';
export * from './reports';
export * from './routes';
export * from './sectors';
export * from './upload-template';
export * from './uploads';
export * from './users';

/** Every API call, by domain. The server registers each; the OpenAPI document lists each. */
export const api = {
  auth: authRoutes,
  sectors: sectorRoutes,
  reports: reportRoutes,
  admin: adminRoutes,
  bi: biRoutes,
  uploads: uploadRoutes,
  issues: issueRoutes,
  charts: chartRoutes,
  config: configRoutes,
  metrics: metricsRoutes,
  organisations: organisationRoutes,
  adminOrganisations: adminOrganisationRoutes,
  exports: exportRoutes,
  subscriptions: subscriptionRoutes,
} as const;

export const allRoutes: readonly RouteDef[] = Object.values(api).flatMap((domain) => Object.values(domain));
