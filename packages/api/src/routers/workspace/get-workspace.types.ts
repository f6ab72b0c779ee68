import { ZWorkspaceSummarySchema } from '@formwell/core';
import { z } from 'zod';

import { apiKeyErrorResponses } from '../../rest/api-key-error-responses.js';
import { ZApiKeyQuerySchema } from '../../schemas/z-query.js';
import type { ApiMeta } from '../../trpc.js';

export const getWorkspaceMeta = {
  openapi: {
    method: 'GET',
    path: '/workspace',
    operationId: 'v1-getWorkspace',
    tags: ['workspace'],
    summary: 'The workspace of the key',
    description:
      "The workspace the key belongs to: its plan, monthly quota, this UTC month's submissions and the bytes of uploaded files it keeps. Any key of the workspace may read it; rate-limited per key.",
    errorResponses: apiKeyErrorResponses,
  },
} satisfies ApiMeta;

/** Every field is optional, so the dashboard may send no input at all. */
export const ZGetWorkspaceRequestSchema = z.object({ apiKey: ZApiKeyQuerySchema }).prefault({});

export const ZGetWorkspaceResponseSchema = ZWorkspaceSummarySchema;
