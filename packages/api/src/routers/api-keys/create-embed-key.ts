import { createEmbedKey } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZCreateEmbedKeyRequestSchema, ZCreateEmbedKeyResponseSchema } from './create-embed-key.types.js';

/**
 * The embed snippet's key: read and submit one of the owner's forms, from the given origins only.
 * Returned in full once; never logged.
 */
export const createEmbedKeyRoute = sessionProcedure
  .input(ZCreateEmbedKeyRequestSchema)
  .output(ZCreateEmbedKeyResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, logger } = ctx;
    const created = await createEmbedKey({
      userId: user.id,
      formId: input.formId,
      allowedOrigins: input.allowedOrigins,
    });
    logger.info({ apiKeyId: created.id, formIds: created.formIds }, 'embed key created');

    return created;
  });
