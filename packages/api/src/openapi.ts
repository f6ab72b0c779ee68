import { generateOpenApiDocument } from 'trpc-to-openapi';

import { appRouter } from './router.js';

export type BuildOpenApiDocumentOptions = { baseUrl: string; version: string };

/** The OpenAPI 3.1 document of everything under /api/v1, generated from the router's meta. */
export function buildOpenApiDocument({ baseUrl, version }: BuildOpenApiDocumentOptions) {
  return generateOpenApiDocument(appRouter, {
    title: 'Formwell API',
    description: 'Forms, submissions and analytics. Authenticate with an API key in the X-API-Key header.',
    version,
    baseUrl,
    securitySchemes: {
      ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    },
  });
}
