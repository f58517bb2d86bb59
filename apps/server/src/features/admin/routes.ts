import type { FastifyInstance } from 'fastify';
import { registerAdminIssueRoutes } from './issue-routes';
import { registerAdminUserRoutes } from './user-routes';

/** Every /api/admin call; each route's access is 'admin' in the contract, checked against the database. */
export async function registerAdminRoutes(app: FastifyInstance) {
  await registerAdminUserRoutes(app);
  await registerAdminIssueRoutes(app);
}
