import { ZApiKeyViewSchema } from '@formwell/core';
import { z } from 'zod';

export const ZListApiKeysRequestSchema = z.void();

export const ZListApiKeysResponseSchema = z.object({ apiKeys: z.array(ZApiKeyViewSchema) });
