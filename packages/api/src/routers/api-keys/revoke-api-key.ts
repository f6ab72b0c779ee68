import { revokeApiKey } from '@formwell/core';

import { logBumpFailure } from '../../auth/log-bump-failure.js';
import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZRevokeApiKeyRequestSchema, ZRevokeApiKeyResponseSchema } from './revoke-api-key.types.js';

/**
 * Revokes for good; the key is refused from the very next request on. During a Redis outage the
 * revoke is stored and answered as done: every server that cannot reach Redis reads keys from
 * MongoDB on each request, and a server that still can drops its copy within the copies' 60 s
 * maximum age; the failure to tell Redis is logged for the operator.
 */
export const revokeApiKeyRoute = sessionProcedure
  .input(ZRevokeApiKeyRequestSchema)
  .output(ZRevokeApiKeyResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, logger } = ctx;
    const { id } = input;
    logger.info({ apiKeyId: id }, 'api key revoked');

    return revokeApiKey({
      userId: user.id,
      keyId: id,
      onBumpFailed: logBumpFailure(logger, { apiKeyId: id }),
    });
  });
