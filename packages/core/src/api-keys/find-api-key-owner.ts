import { apiKeyRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';

/**
 * The id of the user who owns an API key, for the operator CLI, which names a key and not its
 * owner. It then acts as that owner through the same functions the dashboard uses, so both follow
 * one set of rules. 404 `API key not found` when there is no such key.
 */
export async function findApiKeyOwner({ keyId }: { keyId: string }): Promise<string> {
  const key = await apiKeyRepository.findByIdUnscoped({ keyId });
  if (!key) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.API_KEY_NOT_FOUND });
  }

  return key.userId;
}
