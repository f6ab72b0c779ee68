import { createRouter } from '../../trpc.js';
import { createApiKeyRoute } from './create-api-key.js';
import { createEmbedKeyRoute } from './create-embed-key.js';
import { listApiKeysRoute } from './list-api-keys.js';
import { revokeApiKeyRoute } from './revoke-api-key.js';

export const apiKeysRouter = createRouter({
  create: createApiKeyRoute,
  createEmbedKey: createEmbedKeyRoute,
  list: listApiKeysRoute,
  revoke: revokeApiKeyRoute,
});
