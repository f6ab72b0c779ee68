import type { ApiMeta } from '../../../trpc.js';

type TOpenApi = ApiMeta['openapi'] & object;

/** What every endpoint-management route shares in the document: tag, scope, errors. */
export function webhookRouteMeta(
  openapi: Pick<TOpenApi, 'method' | 'path' | 'summary' | 'description'> & { successDescription?: string },
  extraErrors: Record<number, string> = {},
) {
  return {
    ...openapi,
    tags: ['webhooks'],
    description: `${openapi.description} Scope \`webhooks:manage\`; rate-limited per key.`,
    errorResponses: {
      400: 'Invalid parameters',
      401: 'Missing or invalid key',
      403: 'Form of another user, or insufficient scope',
      404: 'Form, webhook endpoint or user not found',
      429: 'Rate limit exceeded',
      ...extraErrors,
    },
  } satisfies TOpenApi;
}
