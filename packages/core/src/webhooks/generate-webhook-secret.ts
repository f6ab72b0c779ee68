import { randomBytes } from 'node:crypto';

/** `whsec_` + base64 of 32 random bytes (Standard Webhooks: the key is the decoded part). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
