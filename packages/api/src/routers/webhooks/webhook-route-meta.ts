import type { ApiMeta } from '../../trpc.js';
import {
  apiKeyErrorResponses,
  bodyErrorResponsesOf,
  KEY_RESTRICTION_REFUSAL,
} from '../../rest/api-key-error-responses.js';

type TOpenApi = ApiMeta['openapi'] & object;

/** What every endpoint-management route shares in the document: tag, scope, errors. */
export function webhookRouteMeta(
  openapi: Pick<TOpenApi, 'method' | 'path' | 'operationId' | 'summary' | 'description'> & {
    successDescription?: string;
  },
  extraErrors: Record<number, string> = {},
) {
  // A route whose body the server reads (its POST actions and DELETEs too, which need none)
  // refuses a bad one.
  const errorResponses: Record<number, string> = {
    ...apiKeyErrorResponses,
    403: `Form of another user, insufficient scope, or ${KEY_RESTRICTION_REFUSAL}`,
    404: 'Form, webhook endpoint or user not found',
    ...bodyErrorResponsesOf(openapi.method),
    ...extraErrors,
  };

  return {
    ...openapi,
    tags: ['webhooks'],
    description: `${openapi.description} Scope \`webhooks:manage\`; rate-limited per key.`,
    errorResponses,
  } satisfies TOpenApi;
}
