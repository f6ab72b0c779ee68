import type { TWebhookEndpointRecord } from '@formwell/db';

/**
 * The secrets an attempt signs with: the current one, and the previous one while a rotation's
 * grace period runs (endpoints that were never rotated have no previous secret).
 */
export function signingSecrets(
  endpoint: TWebhookEndpointRecord,
  now: Date,
): { secret: string; previousSecret: string | null } {
  const rotation = endpoint as Partial<{
    previousSecret: string | null;
    previousSecretExpiresAt: Date | null;
  }>;
  const previousValid =
    typeof rotation.previousSecret === 'string' &&
    rotation.previousSecretExpiresAt instanceof Date &&
    rotation.previousSecretExpiresAt.getTime() > now.getTime();

  return {
    secret: endpoint.secret,
    previousSecret: previousValid ? (rotation.previousSecret ?? null) : null,
  };
}
