import { apiKeyRepository, userRepository } from '@formwell/db';
import { z } from 'zod';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { toApiKeyView, type TApiKeyView } from './api-key-view.js';
import { generateApiKey } from './generate-api-key.js';
import { API_KEY_SCOPES, ZApiKeyScopeSchema } from './scopes.js';

export const MAX_ACTIVE_API_KEYS = 20;

export const ZCreateApiKeyInputSchema = z.object({
  userId: z.string(),
  name: z.string().trim().min(1).max(100),
  scopes: z.array(ZApiKeyScopeSchema).min(1).optional(),
});

export type TCreateApiKeyInput = z.input<typeof ZCreateApiKeyInputSchema>;

/**
 * Creates a key. The plaintext `key` is in this return value and nowhere else, ever: store it,
 * show it once, never log it.
 */
export async function createApiKey(input: TCreateApiKeyInput): Promise<TApiKeyView & { key: string }> {
  const { userId, name, scopes } = parseInput(ZCreateApiKeyInputSchema, input);
  const user = await userRepository.findById({ userId });
  if (!user) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }
  // Count-then-insert can overshoot by a concurrent create or two; the cap is hygiene, not billing.
  if ((await apiKeyRepository.countActive({ userId })) >= MAX_ACTIVE_API_KEYS) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.apiKeyLimit(MAX_ACTIVE_API_KEYS) });
  }
  const generated = generateApiKey();
  const record = await apiKeyRepository.create({
    userId,
    name,
    keyHash: generated.keyHash,
    prefix: generated.prefix,
    last4: generated.last4,
    scopes: [...new Set(scopes ?? API_KEY_SCOPES)],
  });

  return { ...toApiKeyView(record), key: generated.key };
}
