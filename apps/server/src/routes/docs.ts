import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** A browsable API reference at /docs, served from local assets (no CDN). */
export async function docsRoutes(app: FastifyInstance, { openApiDocument }: { openApiDocument: object }) {
  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument as never } });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
