import {
  userRepository,
  workspaceInvitationRepository,
  workspaceMemberRepository,
  workspaceRepository,
  type TWorkspaceInvitationRecord,
} from '@formwell/db';
import { z } from 'zod';

import { accountLinkUrl } from '../account/account-links.js';
import type { TCoreConfig } from '../config/load-config.js';
import { newOneTimeToken } from '../crypto/one-time-token.js';
import { sha256Hex } from '../crypto/sha256-hex.js';
import { invitationEmail } from '../email/account-email-templates.js';
import { queueAccountEmail, type TAccountMail } from '../email/queue-account-email.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { loadUser } from '../users/load-user.js';
import { requireVerifiedAddress } from '../users/require-verified-address.js';
import { ZEmailSchema } from '../users/z-user-input.js';
import { requireActorRole } from './require-actor-role.js';
import { roleAllows, ZAssignableRoleSchema, ZWorkspaceRoleSchema, type TWorkspaceRole } from './roles.js';
import { workspaceNotFound } from './workspace-member-of.js';

/** How long an invitation link works. */
const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

export const ZInvitationViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: ZWorkspaceRoleSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});

export type TInvitationView = z.infer<typeof ZInvitationViewSchema>;

function toInvitationView(record: TWorkspaceInvitationRecord): TInvitationView {
  return {
    id: record.id,
    email: record.email,
    role: record.role,
    expiresAt: record.expiresAt.toISOString(),
    createdAt: record.createdAt.toISOString(),
  };
}

/**
 * Invites an address to a workspace with a role (admins and the owner): a single-use link valid 7
 * days, emailed through the worker. 409 when the address already belongs to the workspace; 403
 * while the inviter's own address is unverified (nobody mails strangers from an unproven account).
 * An address with a pending invitation gets no second email: the pending one is answered as is
 * (revoke it first to invite with another role).
 */
export async function createInvitation({
  config,
  mail,
  actorId,
  workspaceId,
  email,
  role,
  now = new Date(),
}: {
  config: Pick<TCoreConfig, 'publicUrl'>;
  mail: TAccountMail;
  actorId: string;
  workspaceId: string;
  email: string;
  role: string;
  now?: Date;
}): Promise<TInvitationView> {
  const checkedEmail = parseInput(ZEmailSchema, email).toLowerCase();
  const checkedRole = parseInput(ZAssignableRoleSchema, role);
  await requireActorRole({ userId: actorId }, workspaceId, 'members');
  const [workspace, inviter, existing] = await Promise.all([
    workspaceRepository.findById({ workspaceId }),
    loadUser(actorId),
    userRepository.findByEmail({ email: checkedEmail }),
  ]);
  if (!workspace) {
    throw workspaceNotFound();
  }
  requireVerifiedAddress(inviter);
  if (existing && (await workspaceMemberRepository.find({ workspaceId, userId: existing.id }))) {
    throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.ALREADY_MEMBER });
  }
  const pending = await workspaceInvitationRepository.findPending({ workspaceId, email: checkedEmail, now });
  if (pending) {
    return toInvitationView(pending);
  }
  const { token, tokenHash } = newOneTimeToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const invitation = await workspaceInvitationRepository.create({
    workspaceId,
    email: checkedEmail,
    role: checkedRole,
    tokenHash,
    invitedBy: actorId,
    expiresAt,
  });
  await queueAccountEmail({
    mail,
    kind: 'account.invitation',
    ownerId: workspaceId,
    message: invitationEmail({
      to: checkedEmail,
      workspaceName: workspace.name,
      role: checkedRole,
      invitedBy: inviter.email,
      // The dashboard page that accepts once the invitee is signed in.
      url: accountLinkUrl(config.publicUrl, 'invitations/accept', token),
    }),
    expiresAt,
  });

  return toInvitationView(invitation);
}

/** Pending invitations of a workspace, newest first (admins and the owner). */
export async function listInvitations({
  actorId,
  workspaceId,
  now = new Date(),
}: {
  actorId: string;
  workspaceId: string;
  now?: Date;
}): Promise<TInvitationView[]> {
  await requireActorRole({ userId: actorId }, workspaceId, 'members');

  return (await workspaceInvitationRepository.listPending({ workspaceId, now })).map(toInvitationView);
}

/** Revokes a pending invitation (admins and the owner); its link stops working at once. */
export async function revokeInvitation({
  actorId,
  workspaceId,
  invitationId,
  now = new Date(),
}: {
  actorId: string;
  workspaceId: string;
  invitationId: string;
  now?: Date;
}): Promise<{ id: string; revoked: true }> {
  await requireActorRole({ userId: actorId }, workspaceId, 'members');
  if (!(await workspaceInvitationRepository.revoke({ workspaceId, id: invitationId, now }))) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.INVITATION_NOT_FOUND });
  }

  return { id: invitationId, revoked: true };
}

/** Whether whoever sent the invitation still belongs to its workspace with a role that invites. */
async function inviterStillMayInvite(invitation: TWorkspaceInvitationRecord): Promise<boolean> {
  const inviter = await workspaceMemberRepository.find({
    workspaceId: invitation.workspaceId,
    userId: invitation.invitedBy,
  });

  return inviter !== null && roleAllows(inviter.role, 'members');
}

/**
 * Accepts an invitation for the signed-in user: the link's token, unused, unrevoked and
 * unexpired, addressed to this user's own address. Single-use: of two accepts at once only one
 * joins. Returns the workspace joined and the role; the user's address counts as verified.
 */
export async function acceptInvitation({
  userId,
  token,
  now = new Date(),
}: {
  userId: string;
  token: string;
  now?: Date;
}): Promise<{ workspaceId: string; role: TWorkspaceRole }> {
  const invitation =
    typeof token === 'string' && token !== ''
      ? await workspaceInvitationRepository.findByHash({ tokenHash: sha256Hex(token) })
      : null;
  if (!invitation) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.INVITATION_NOT_FOUND });
  }
  const user = await loadUser(userId);
  if (user.email !== invitation.email) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.INVITATION_OTHER_ADDRESS });
  }
  if (await workspaceMemberRepository.find({ workspaceId: invitation.workspaceId, userId })) {
    throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.ALREADY_MEMBER });
  }
  if (!(await inviterStillMayInvite(invitation))) {
    // The inviter left or was lowered since: the link is as good as revoked.
    throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.INVITATION_UNUSABLE });
  }
  if (!(await workspaceInvitationRepository.markAccepted({ id: invitation.id, now }))) {
    throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.INVITATION_UNUSABLE });
  }
  await workspaceMemberRepository.add({ workspaceId: invitation.workspaceId, userId, role: invitation.role });
  // The link went to this address: opening it proves the address is the user's.
  await userRepository.markEmailVerified({ userId, at: now });

  return { workspaceId: invitation.workspaceId, role: invitation.role };
}
