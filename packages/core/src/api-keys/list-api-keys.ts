import { apiKeyRepository } from '@formwell/db';

import { nextCursor } from '../pagination/next-cursor.js';
import { resolvePageRequest, type TPageRequest } from '../pagination/resolve-page-request.js';
import { toApiKeyView, type TApiKeyView } from './api-key-view.js';

/**
 * One page of the owner's keys, newest first, truncated (the plaintext is never available again).
 * Paged like every list: at most 20 keys are active, but revoked ones stay and accumulate.
 */
export async function listApiKeys({ userId, ...request }: { userId: string } & TPageRequest): Promise<{
  apiKeys: TApiKeyView[];
  nextCursor: string | null;
}> {
  const page = await apiKeyRepository.listByUser({ userId, ...resolvePageRequest(request) });

  return { apiKeys: page.items.map(toApiKeyView), nextCursor: nextCursor(page) };
}
