import { ZApiKeyViewSchema } from '@formwell/core';
import { z } from 'zod';
import { ZIdParamSchema } from '../../schemas/z-query.js';

export const ZRevokeApiKeyRequestSchema = z.object({ id: ZIdParamSchema });

export const ZRevokeApiKeyResponseSchema = ZApiKeyViewSchema;
