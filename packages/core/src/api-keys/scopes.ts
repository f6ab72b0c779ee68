import { z } from 'zod';

/** What an API key may do; a new key gets every scope unless narrowed. */
export const API_KEY_SCOPES = [
  'forms:read',
  'submissions:read',
  'submissions:write',
  'analytics:read',
  'webhooks:manage',
  // Added with the management API: keys made before it do not hold them (their scopes are stored).
  'forms:write',
  'submissions:delete',
] as const;

export const ZApiKeyScopeSchema = z.enum(API_KEY_SCOPES);

export type TApiKeyScope = z.infer<typeof ZApiKeyScopeSchema>;
