import { z } from 'zod';

/** Key scopes (decisions §2); a new key gets all of them unless narrowed. */
export const API_KEY_SCOPES = [
  'forms:read',
  'submissions:read',
  'submissions:write',
  'analytics:read',
  'webhooks:manage',
] as const;

export const ZApiKeyScopeSchema = z.enum(API_KEY_SCOPES);

export type TApiKeyScope = z.infer<typeof ZApiKeyScopeSchema>;
