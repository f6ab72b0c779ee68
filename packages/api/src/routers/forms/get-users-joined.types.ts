import { z } from 'zod';

import { ZPathIdParamSchema } from '../../schemas/z-query.js';
import type { ApiMeta } from '../../trpc.js';
import { apiKeyErrorResponses, KEY_RESTRICTION_REFUSAL } from '../../rest/api-key-error-responses.js';

export const getUsersJoinedMeta = {
  openapi: {
    method: 'GET',
    path: '/forms/{formId}/users-joined',
    operationId: 'v1-getUsersJoined',
    tags: ['forms'],
    summary: 'Users-joined count',
    description:
      "The number of submissions when the form's users-joined feature is enabled, else 0. The key goes in the X-API-Key header only. Scope `forms:read`.",
    errorResponses: {
      ...apiKeyErrorResponses,
      400: 'Invalid form id',
      401: 'Missing, unknown or revoked API key in the X-API-Key header',
      403: `Form of another user, insufficient scope, or ${KEY_RESTRICTION_REFUSAL}`,
      404: 'Form or user not found',
    },
  },
} satisfies ApiMeta;

export const ZGetUsersJoinedRequestSchema = z.object({ formId: ZPathIdParamSchema });

export const ZGetUsersJoinedResponseSchema = z.object({ formId: z.string(), count: z.number() });
