import type { TApiKeyRecord } from '@formwell/db';
import { z } from 'zod';

import { ZApiKeyScopeSchema, type TApiKeyScope } from './scopes.js';

/** A key as listed in the dashboard: the truncated `display` (`mk_live_AbCd…wxyz`), never the key. */
export const ZApiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The owning account. */
  userId: z.string(),
  prefix: z.string(),
  last4: z.string(),
  display: z.string(),
  scopes: z.array(ZApiKeyScopeSchema),
  /** The forms the key is restricted to; empty: all the owner's forms. */
  formIds: z.array(z.string()),
  /** The browser origins the key is restricted to; empty: any origin, and requests without one. */
  allowedOrigins: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

export type TApiKeyView = z.infer<typeof ZApiKeyViewSchema>;

export function toApiKeyView(record: TApiKeyRecord): TApiKeyView {
  return {
    id: record.id,
    name: record.name,
    userId: record.userId,
    prefix: record.prefix,
    last4: record.last4,
    display: `${record.prefix}…${record.last4}`,
    scopes: record.scopes as TApiKeyScope[],
    formIds: record.formIds,
    allowedOrigins: record.allowedOrigins,
    isActive: record.isActive,
    createdAt: record.createdAt.toISOString(),
    lastUsedAt: record.lastUsedAt ? record.lastUsedAt.toISOString() : null,
  };
}
