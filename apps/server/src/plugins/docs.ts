import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the contract's route schemas, at GET /api/docs. */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: `${app.config.site.name} API`, version: '1.0.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'docs', dependencies: ['config'] },
);
