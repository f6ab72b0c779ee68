import {
  apiKeyRepository,
  formRepository,
  webhookEndpointRepository,
  workspaceInvitationRepository,
  workspaceMemberRepository,
  workspaceRepository,
} from '@formwell/db';
import { z } from 'zod';

import { bumpAuthEpoch } from '../api-keys/auth-epoch.js';

/** What a first proof of the address took away (the reset page tells the person). */
export const ZClearedAccessSchema = z.object({
  apiKeys: z.number(),
  webhookEndpoints: z.number(),
  invitations: z.number(),
});

export type TClearedAccess = z.infer<typeof ZClearedAccessSchema>;

/**
 * Anyone may sign up with an address that is not theirs and, before the address is proven, set up
 * ways into the account's workspaces that outlive a password change: API keys, webhook endpoints
 * and integrations (which receive every submission), invitations. When the address's owner first
 * proves it through a reset link, whoever chose the old password is out (every session ends), and
 * this removes what they may have left in every workspace the account owns: active keys revoked,
 * endpoints of every kind deleted, pending invitations the account sent revoked. Forms and
 * submissions stay, in the rightful owner's hands. Each step gives back its cap slot, as the
 * one-by-one operations do; the auth epoch retires the replicas' copies of the revoked keys.
 */
export async function clearUnprovenAccess({
  userId,
  now,
}: {
  userId: string;
  now: Date;
}): Promise<TClearedAccess> {
  const cleared: TClearedAccess = { apiKeys: 0, webhookEndpoints: 0, invitations: 0 };
  const memberships = await workspaceMemberRepository.listForUser({ userId });
  for (const { workspaceId } of memberships.filter((membership) => membership.role === 'owner')) {
    for (const keyId of await apiKeyRepository.listActiveIds({ userId: workspaceId })) {
      if (await apiKeyRepository.deactivate({ userId: workspaceId, keyId, now })) {
        await workspaceRepository.releaseSlot({ workspaceId, counter: 'activeKeyCount' });
        cleared.apiKeys += 1;
      }
    }
    await bumpAuthEpoch(workspaceId);
    for (const endpoint of await webhookEndpointRepository.listByOwner({ userId: workspaceId })) {
      if (await webhookEndpointRepository.delete({ userId: workspaceId, endpointId: endpoint.id })) {
        if (endpoint.formId !== null) {
          await formRepository.releaseWebhookSlot({ userId: workspaceId, formId: endpoint.formId });
        }
        cleared.webhookEndpoints += 1;
      }
    }
    cleared.invitations += await workspaceInvitationRepository.revokeSentBy({
      workspaceId,
      invitedBy: userId,
      now,
    });
  }

  return cleared;
}
