import { z } from 'zod';
import type { OpenApiMeta } from 'trpc-to-openapi';

export const getStatusMeta = {
  openapi: {
    method: 'GET',
    path: '/status',
    protect: false,
    tags: ['system'],
    summary: 'Service status',
    description: 'Answers when the API process is up. Needs no API key.',
  },
} satisfies OpenApiMeta;

export const ZGetStatusRequestSchema = z.void();

export const ZGetStatusResponseSchema = z.object({
  status: z.literal('ok'),
  name: z.literal('Formwell'),
  version: z.string(),
});
