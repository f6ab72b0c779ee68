import { z } from 'zod';

import { ZApiKeyViewSchema } from '../../schemas/z-api-key.js';

export const ZListApiKeysRequestSchema = z.void();

export const ZListApiKeysResponseSchema = z.object({ apiKeys: z.array(ZApiKeyViewSchema) });
