import { webhookEndpointRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { FAMILY_NOT_FOUND, isOfFamily } from '../webhooks/endpoint-family.js';
import { removeRestHook } from './remove-rest-hook.js';

/** Unsubscribes a REST hook: 404 for an id that names no hook of the owner's. */
export async function deleteRestHook({ userId, hookId }: { userId: string; hookId: string }): Promise<void> {
  const hook = await webhookEndpointRepository.findById({ userId, endpointId: hookId });
  if (!hook || !isOfFamily(hook.kind, 'hook')) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: FAMILY_NOT_FOUND.hook });
  }
  await removeRestHook(hook);
}
