import { revokeApiKey } from '@formwell/core';

import { authedProcedure } from '../../session/authed-procedure.js';
import { ZRevokeApiKeyRequestSchema, ZRevokeApiKeyResponseSchema } from './revoke-api-key.types.js';

/** Revokes for good; the key is refused from the very next request on. */
export const revokeApiKeyRoute = authedProcedure
  .input(ZRevokeApiKeyRequestSchema)
  .output(ZRevokeApiKeyResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, logger } = ctx;
    const { id } = input;
    logger.info({ apiKeyId: id }, 'api key revoked');

    return revokeApiKey({ userId: user.id, keyId: id });
  });
