import { requireRight } from '../../actor/actor.js';
import type { TActor } from '../../actor/actor.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';

/**
 * The email settings that decide where a submission's content goes, or what it says: the owner's
 * address, the reply-to, and the two templates (which quote the submitted fields and file links).
 */
const MAIL_ROUTING_KEYS = [
  'developerEmail',
  'replyTo',
  'notificationTemplate',
  'confirmationTemplate',
] as const;
type TMailRoutingKey = (typeof MAIL_ROUTING_KEYS)[number];

/**
 * 403 `Insufficient scope: submissions:read` when a key without that scope sends any mail-routing
 * setting: otherwise a `forms:write`-only key could point every later submission at its own address
 * and read what it was never allowed to list. Sessions keep their role rules (a session passes).
 * Called before anything is read or stored.
 */
export function requireMailRoutingRight(
  actor: TActor,
  emailSettings: Partial<Record<TMailRoutingKey, unknown>> | undefined,
): void {
  if (emailSettings === undefined) {
    return;
  }
  if (MAIL_ROUTING_KEYS.some((key) => emailSettings[key] !== undefined)) {
    requireRight(actor, apiKeyPolicies.submissionsList.scope);
  }
}
