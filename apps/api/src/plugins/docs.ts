import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas; the UI at /api/docs, the JSON at /api/docs/json. */
export async function registerApiDocs(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'DealClub API',
        description: 'The HTTP surface of DealClub. Errors answer { code, message, errors? }.',
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (ID token)' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
