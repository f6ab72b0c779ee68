import { apiKeyRepository } from '@formwell/db';

import { toApiKeyView, type TApiKeyView } from './api-key-view.js';

/** The owner's keys, newest first, truncated (the plaintext is never available again). */
export async function listApiKeys({ userId }: { userId: string }): Promise<TApiKeyView[]> {
  const records = await apiKeyRepository.listByUser({ userId });

  return records.map(toApiKeyView);
}
