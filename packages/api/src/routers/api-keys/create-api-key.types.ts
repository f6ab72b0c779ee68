import { MAX_KEY_FORM_IDS, MAX_KEY_ORIGINS, ZApiKeyScopeSchema, ZApiKeyViewSchema } from '@formwell/core';
import { z } from 'zod';
import { ZIdParamSchema } from '../../schemas/z-query.js';

export const ZCreateApiKeyRequestSchema = z.object({
  name: z.string().max(100),
  /** Narrows the key; a new key gets all scopes when absent. */
  scopes: z.array(ZApiKeyScopeSchema).max(10).optional(),
  /** Restricts the key to these forms of the owner (absent or empty: all of them). */
  formIds: z.array(ZIdParamSchema).max(MAX_KEY_FORM_IDS).optional(),
  /** Restricts the key to pages of these origins (absent or empty: any caller). Core normalises them. */
  allowedOrigins: z.array(z.string().max(300)).max(MAX_KEY_ORIGINS).optional(),
});

/** The full `key` appears here once and never again. */
export const ZCreateApiKeyResponseSchema = ZApiKeyViewSchema.extend({ key: z.string() });
