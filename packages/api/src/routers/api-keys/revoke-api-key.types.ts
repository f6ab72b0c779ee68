import { ZApiKeyViewSchema } from '@formwell/core';
import { z } from 'zod';

export const ZRevokeApiKeyRequestSchema = z.object({ id: z.string().max(64) });

export const ZRevokeApiKeyResponseSchema = ZApiKeyViewSchema;
