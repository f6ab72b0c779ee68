import {
  apiKeyRepository,
  formRepository,
  notificationRecipientRepository,
  webhookEndpointRepository,
  workspaceInvitationRepository,
  workspaceMemberRepository,
  workspaceRepository,
} from '@formwell/db';
import { z } from 'zod';

import { bumpAuthEpoch } from '../api-keys/auth-epoch.js';
import { loadUser } from '../users/load-user.js';

/** What a first proof of the address took away (the reset page tells the person). */
export const ZClearedAccessSchema = z.object({
  apiKeys: z.number(),
  webhookEndpoints: z.number(),
  invitations: z.number(),
  /** Extra addresses the forms' notifications went to. */
  notificationRecipients: z.number(),
  /** Forms whose notification address named someone other than the account's own address. */
  developerEmails: z.number(),
});

export type TClearedAccess = z.infer<typeof ZClearedAccessSchema>;

type TPass = { userId: string; ownerEmail: string; workspaceId: string; now: Date; cleared: TClearedAccess };

/** Revokes the workspace's active keys, each giving back its cap slot. */
async function revokeKeys({ workspaceId, now, cleared }: TPass): Promise<void> {
  for (const keyId of await apiKeyRepository.listActiveIds({ userId: workspaceId })) {
    if (await apiKeyRepository.deactivate({ userId: workspaceId, keyId, now })) {
      await workspaceRepository.releaseSlot({ workspaceId, counter: 'activeKeyCount' });
      cleared.apiKeys += 1;
    }
  }
}

/** Everything else that reaches outside: endpoints, invitations, extra and redirected addresses. */
async function clearOutlets({ userId, ownerEmail, workspaceId, now, cleared }: TPass): Promise<void> {
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
  cleared.notificationRecipients += await notificationRecipientRepository.removeAllOfWorkspace({
    workspaceId,
    now,
  });
  cleared.developerEmails += await formRepository.clearDeveloperEmailsExcept({
    userId: workspaceId,
    keep: ownerEmail,
  });
}

/**
 * Anyone may sign up with an address that is not theirs and, before the address is proven, set up
 * ways into the account's workspaces that outlive a password change: API keys, webhook endpoints
 * and integrations (which receive every submission), invitations, extra notification recipients
 * and a form's notification address. When the address's owner first proves it through a reset
 * link, whoever chose the old password is out (every session ends), and this removes what they may
 * have left in every workspace the account owns: active keys revoked, endpoints of every kind
 * deleted, pending invitations the account sent revoked, extra recipients removed, notification
 * addresses other than the account's own cleared (notifications go to the owner again). Forms and
 * submissions stay, in the rightful owner's hands. Each step gives back its cap slot, as the
 * one-by-one operations do; the auth epoch retires the replicas' copies of the revoked keys.
 *
 * A request authenticated just before the epoch moved may still create a key or an endpoint after
 * the first listing, so the whole clearing runs once more after the bump (the second pass finds
 * only what such requests made).
 */
export async function clearUnprovenAccess({
  userId,
  now,
}: {
  userId: string;
  now: Date;
}): Promise<TClearedAccess> {
  const cleared: TClearedAccess = {
    apiKeys: 0,
    webhookEndpoints: 0,
    invitations: 0,
    notificationRecipients: 0,
    developerEmails: 0,
  };
  const ownerEmail = (await loadUser(userId)).email;
  const memberships = await workspaceMemberRepository.listForUser({ userId });
  for (const { workspaceId } of memberships.filter((membership) => membership.role === 'owner')) {
    const pass: TPass = { userId, ownerEmail, workspaceId, now, cleared };
    await revokeKeys(pass);
    await clearOutlets(pass);
    await bumpAuthEpoch(workspaceId);
    await revokeKeys(pass);
    await clearOutlets(pass);
  }

  return cleared;
}
