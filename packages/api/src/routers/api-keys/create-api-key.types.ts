import { ZApiKeyScopeSchema, ZApiKeyViewSchema } from '@formwell/core';
import { z } from 'zod';

export const ZCreateApiKeyRequestSchema = z.object({
  name: z.string().max(100),
  /** Narrows the key; a new key gets all scopes when absent. */
  scopes: z.array(ZApiKeyScopeSchema).max(10).optional(),
});

/** The full `key` appears here once and never again. */
export const ZCreateApiKeyResponseSchema = ZApiKeyViewSchema.extend({ key: z.string() });
