import { z } from 'zod';

export const ZApiKeyScopeSchema = z.enum([
  'forms:read',
  'submissions:read',
  'submissions:write',
  'analytics:read',
  'webhooks:manage',
]);

/** A key as listed: the truncated `display` (`mk_live_AbCd…wxyz`), never the key. */
export const ZApiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  last4: z.string(),
  display: z.string(),
  scopes: z.array(ZApiKeyScopeSchema),
  isActive: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
