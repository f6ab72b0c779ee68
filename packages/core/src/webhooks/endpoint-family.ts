import type { TEndpointKind } from '@formwell/db';

import { ErrorMessages } from '../errors/error-messages.js';

/**
 * Outbound endpoints share one collection and one delivery path, but each family has its own routes:
 * a webhook id on an integration route (or the other way round) is not found there.
 */
export type TEndpointFamily = 'webhook' | 'integration' | 'hook';

export const FAMILY_KINDS: Record<TEndpointFamily, readonly TEndpointKind[]> = {
  webhook: ['webhook'],
  integration: ['slack', 'discord', 'teams'],
  hook: ['hook'],
};

/** The 404 text of an id that names no endpoint of the family. */
export const FAMILY_NOT_FOUND: Record<TEndpointFamily, string> = {
  webhook: ErrorMessages.WEBHOOK_NOT_FOUND,
  integration: ErrorMessages.INTEGRATION_NOT_FOUND,
  hook: ErrorMessages.HOOK_NOT_FOUND,
};

export function isOfFamily(kind: TEndpointKind, family: TEndpointFamily): boolean {
  return FAMILY_KINDS[family].includes(kind);
}
