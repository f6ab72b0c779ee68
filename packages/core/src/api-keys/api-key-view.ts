import type { TApiKeyRecord } from '@formwell/db';

import type { TApiKeyScope } from './scopes.js';

/** A key as listed in the dashboard: the truncated form only (`mk_live_AbCd…wxyz`). */
export type TApiKeyView = {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  last4: string;
  display: string;
  scopes: TApiKeyScope[];
  isActive: boolean;
  createdAt: string;
  lastUsedAt: string | null;
};

export function toApiKeyView(record: TApiKeyRecord): TApiKeyView {
  return {
    id: record.id,
    userId: record.userId,
    name: record.name,
    prefix: record.prefix,
    last4: record.last4,
    display: `${record.prefix}…${record.last4}`,
    scopes: record.scopes as TApiKeyScope[],
    isActive: record.isActive,
    createdAt: record.createdAt.toISOString(),
    lastUsedAt: record.lastUsedAt ? record.lastUsedAt.toISOString() : null,
  };
}
