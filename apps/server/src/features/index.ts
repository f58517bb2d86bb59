import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import { chartRoutes } from './charts/routes';
import { healthRoutes } from './health/routes';
import { contactRoutes } from './issues/contact-routes';
import { sectorRoutes } from './sectors/routes';

/** Every feature's routes, registered by app.ts in this order. */
export const features: ((app: FastifyInstance) => Promise<void>)[] = [healthRoutes, contactRoutes, authRoutes, sectorRoutes, chartRoutes];
