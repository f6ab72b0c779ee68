import { workspaceRepository } from '@formwell/db';

/**
 * The workspace a provider object belongs to: the workspace our checkout put in its metadata (only
 * if it exists), else the workspace linked to its customer id. Objects made before workspaces
 * existed name a user (`metadata.userId`, the client reference): a user's personal workspace has
 * that user's id, so the same lookup finds it. Null when nothing names one.
 */
export async function findBillingWorkspace({
  metadata,
  clientReferenceId,
  customerId,
}: {
  metadata?: Record<string, string> | null | undefined;
  clientReferenceId?: string | null | undefined;
  customerId?: string | null | undefined;
}): Promise<string | null> {
  const named = metadata?.workspaceId ?? metadata?.userId ?? clientReferenceId;
  if (named) {
    const workspace = await workspaceRepository.findById({ workspaceId: named });
    if (workspace) {
      return workspace.id;
    }
  }

  return customerId ? workspaceRepository.findIdByCustomerId({ customerId }) : null;
}
