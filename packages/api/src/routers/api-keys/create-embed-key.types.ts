import { MAX_KEY_ORIGINS } from '@formwell/core';
import { z } from 'zod';

import { ZCreateApiKeyResponseSchema } from './create-api-key.types.js';
import { ZIdParamSchema } from '../../schemas/z-query.js';

// Origins are checked and normalised by core, which owns the rule and its 400 text.
export const ZCreateEmbedKeyRequestSchema = z.object({
  formId: ZIdParamSchema,
  allowedOrigins: z.array(z.string().max(300)).min(1).max(MAX_KEY_ORIGINS),
});

export const ZCreateEmbedKeyResponseSchema = ZCreateApiKeyResponseSchema;
