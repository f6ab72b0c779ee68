import { createApiKey } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZCreateApiKeyRequestSchema, ZCreateApiKeyResponseSchema } from './create-api-key.types.js';

/** Creates a key and returns it in full, once. The key itself is never logged. */
export const createApiKeyRoute = sessionProcedure
  .input(ZCreateApiKeyRequestSchema)
  .output(ZCreateApiKeyResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, logger } = ctx;
    const { name, scopes, formIds, allowedOrigins } = input;
    const created = await createApiKey({ userId: user.id, name, scopes, formIds, allowedOrigins });
    logger.info({ apiKeyId: created.id, scopes: created.scopes }, 'api key created');

    return created;
  });
