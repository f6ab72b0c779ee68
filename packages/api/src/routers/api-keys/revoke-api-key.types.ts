import { z } from 'zod';

import { ZApiKeyViewSchema } from '../../schemas/z-api-key.js';

export const ZRevokeApiKeyRequestSchema = z.object({ id: z.string().max(64) });

export const ZRevokeApiKeyResponseSchema = ZApiKeyViewSchema;
