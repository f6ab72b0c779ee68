import { z } from 'zod';

import { ZIdParamSchema } from '../../../schemas/z-query.js';
import type { ApiMeta } from '../../../trpc.js';

export const getUsersJoinedMeta = {
  openapi: {
    method: 'GET',
    path: '/forms/{formId}/users-joined',
    tags: ['forms'],
    summary: 'Users-joined count',
    description:
      "The number of submissions when the form's users-joined feature is enabled, else 0. The key goes in the X-API-Key header only. Scope `forms:read`.",
    errorResponses: {
      401: 'Missing or invalid key',
      403: 'Form of another user, or insufficient scope',
      404: 'Form not found',
      429: 'Rate limit exceeded',
    },
  },
} satisfies ApiMeta;

export const ZGetUsersJoinedRequestSchema = z.object({ formId: ZIdParamSchema });

export const ZGetUsersJoinedResponseSchema = z.object({ formId: z.string(), count: z.number() });
