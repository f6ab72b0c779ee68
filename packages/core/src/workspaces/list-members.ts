import { userRepository, workspaceMemberRepository } from '@formwell/db';
import { z } from 'zod';

import { ZWorkspaceRoleSchema } from './roles.js';

/** One member as the dashboard's members page shows it. */
export const ZMemberViewSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: ZWorkspaceRoleSchema,
  joinedAt: z.string(),
});

export type TMemberView = z.infer<typeof ZMemberViewSchema>;

/**
 * The members of a workspace with their roles, oldest first (the owner who made it comes first).
 * The caller passes the workspace its actor acts in; memberships whose account is gone are left out.
 */
export async function listMembers({ workspaceId }: { workspaceId: string }): Promise<TMemberView[]> {
  const memberships = await workspaceMemberRepository.listForWorkspace({ workspaceId });
  const users = await userRepository.findByIds({ userIds: memberships.map((member) => member.userId) });
  const byId = new Map(users.map((user) => [user.id, user]));

  return memberships.flatMap((member) => {
    const user = byId.get(member.userId);

    return user
      ? [
          {
            userId: member.userId,
            email: user.email,
            name: user.name,
            role: member.role,
            joinedAt: member.createdAt.toISOString(),
          },
        ]
      : [];
  });
}
