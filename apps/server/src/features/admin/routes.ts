import type { FastifyInstance } from 'fastify';
import { adminIssueRoutes } from './issue-routes';
import { adminUserRoutes } from './user-routes';

/** Every /api/admin call; each route's access is 'admin' in the contract, checked against the database. */
export async function adminRoutes(app: FastifyInstance) {
  await adminUserRoutes(app);
  await adminIssueRoutes(app);
}
