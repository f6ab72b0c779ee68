import { z } from 'zod';

import { parseInput } from '../errors/parse-input.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';
import type { TApiKeyView } from './api-key-view.js';
import { createApiKey } from './create-api-key.js';
import { MAX_KEY_ORIGINS, ZKeyOriginSchema } from './key-restrictions.js';
import type { TApiKeyScope } from './scopes.js';
import { ZIdSchema } from '../z-id.js';

/**
 * What a page embedding one form needs, and nothing more: read the form (its fields, the
 * users-joined count) and submit to it. Such a key is public the moment it is in a page.
 */
export const EMBED_KEY_SCOPES: readonly TApiKeyScope[] = ['forms:read', 'submissions:write'];

const ZCreateEmbedKeyInputSchema = z.object({
  userId: z.string(),
  formId: ZIdSchema,
  /** The sites the form is embedded in; at least one, since the key is visible to their visitors. */
  allowedOrigins: z.array(ZKeyOriginSchema).min(1).max(MAX_KEY_ORIGINS),
});

export type TCreateEmbedKeyInput = z.input<typeof ZCreateEmbedKeyInputSchema>;

/**
 * A key for the dashboard's embed snippet: the embed scopes, restricted to one of the owner's
 * forms (404 `Form not found` for any other) and to the given origins. Counts toward the owner's
 * active-key cap like any key. The plaintext is in the return value only.
 */
export async function createEmbedKey(input: TCreateEmbedKeyInput): Promise<TApiKeyView & { key: string }> {
  const { userId, formId, allowedOrigins } = parseInput(ZCreateEmbedKeyInputSchema, input);
  const form = await loadOwnedForm({ userId, formId, foreign: 'not-found' });

  return createApiKey({
    userId,
    name: `Embed: ${form.name}`.slice(0, 100),
    scopes: [...EMBED_KEY_SCOPES],
    formIds: [form.id],
    allowedOrigins,
  });
}
