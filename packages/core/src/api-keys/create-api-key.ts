import { apiKeyRepository, formRepository, workspaceRepository } from '@formwell/db';
import { z } from 'zod';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { insertWithSlot } from '../limits/insert-with-slot.js';
import { reserveCappedSlot } from '../limits/reserve-capped-slot.js';
import { toApiKeyView, type TApiKeyView } from './api-key-view.js';
import { generateApiKey } from './generate-api-key.js';
import { ZKeyRestrictionsInputSchema } from './key-restrictions.js';
import { API_KEY_SCOPES, ZApiKeyScopeSchema } from './scopes.js';
import { formNotFound } from '../forms/load-owned-form.js';

export const MAX_ACTIVE_API_KEYS = 20;

export const ZCreateApiKeyInputSchema = ZKeyRestrictionsInputSchema.extend({
  userId: z.string(),
  name: z.string().trim().min(1).max(100),
  scopes: z.array(ZApiKeyScopeSchema).min(1).optional(),
});

export type TCreateApiKeyInput = z.input<typeof ZCreateApiKeyInputSchema>;

/**
 * Creates a key within the cap of 20 active keys per workspace (`userId`, the tenant id). The slot
 * comes from the workspace's
 * `activeKeyCount` with one conditional update, so concurrent creates cannot overshoot the cap.
 * The plaintext `key` is in this return value and nowhere else, ever: store it, show it once,
 * never log it.
 */
export async function createApiKey(input: TCreateApiKeyInput): Promise<TApiKeyView & { key: string }> {
  const { userId, name, scopes, formIds, allowedOrigins } = parseInput(ZCreateApiKeyInputSchema, input);
  const user = await workspaceRepository.findById({ workspaceId: userId });
  if (!user) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }
  const ownedFormIds = await resolveOwnedFormIds({ userId, formIds: formIds ?? [] });
  await reserveCappedSlot({
    counter: user.activeKeyCount,
    countExisting: () => apiKeyRepository.countActive({ userId }),
    init: (value) =>
      workspaceRepository.initCounter({ workspaceId: userId, counter: 'activeKeyCount', value }),
    reserve: (max) =>
      workspaceRepository.reserveSlot({ workspaceId: userId, counter: 'activeKeyCount', max }),
    max: MAX_ACTIVE_API_KEYS,
    limitMessage: (_used, max) => ErrorMessages.apiKeyLimit(max),
  });
  const generated = generateApiKey();
  const record = await insertWithSlot(
    () =>
      apiKeyRepository.create({
        userId,
        name,
        keyHash: generated.keyHash,
        prefix: generated.prefix,
        last4: generated.last4,
        scopes: [...new Set(scopes ?? API_KEY_SCOPES)],
        formIds: ownedFormIds,
        allowedOrigins: [...new Set(allowedOrigins ?? [])],
      }),
    () => workspaceRepository.releaseSlot({ workspaceId: userId, counter: 'activeKeyCount' }),
  );

  return { ...toApiKeyView(record), key: generated.key };
}

/**
 * A key may only be restricted to the creator's own forms (404 `Form not found` otherwise, as for
 * any other form of another user); ids are stored as the forms' own, so the check per request is
 * a plain comparison.
 */
async function resolveOwnedFormIds({ userId, formIds }: { userId: string; formIds: string[] }) {
  const owned = new Set<string>();
  for (const formId of formIds) {
    const form = await formRepository.findById({ userId, formId });
    if (!form) {
      throw formNotFound();
    }
    owned.add(form.id);
  }

  return [...owned];
}
