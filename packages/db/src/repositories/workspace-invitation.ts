import { WorkspaceInvitationModel, type TWorkspaceInvitationDoc } from '../models/workspace-invitation.js';
import { toObjectId } from './object-id.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';
import type { TWorkspaceRole } from './workspace-member.js';

/** An invitation as handed out; the token hash stays inside. */
export type TWorkspaceInvitationRecord = Omit<TRecordOf<TWorkspaceInvitationDoc>, 'tokenHash'> & {
  id: string;
};

type TLeanInvitation = TLeanOf<
  TWorkspaceInvitationDoc,
  'workspaceId' | 'email' | 'role' | 'invitedBy' | 'expiresAt' | 'createdAt' | 'updatedAt'
>;

function toRecord(doc: TLeanInvitation): TWorkspaceInvitationRecord {
  return {
    id: doc._id.toString(),
    workspaceId: doc.workspaceId.toString(),
    email: doc.email,
    role: doc.role,
    invitedBy: doc.invitedBy.toString(),
    expiresAt: doc.expiresAt,
    acceptedAt: doc.acceptedAt ?? null,
    revokedAt: doc.revokedAt ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** Pending: neither accepted nor revoked, and not expired at `now`. */
const pendingAt = (now: Date) => ({ acceptedAt: null, revokedAt: null, expiresAt: { $gt: now } });

/** Workspace invitations, looked up by the hash of the emailed token. */
export const workspaceInvitationRepository = {
  async create(input: {
    workspaceId: string;
    email: string;
    role: TWorkspaceRole;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  }): Promise<TWorkspaceInvitationRecord> {
    const doc = await WorkspaceInvitationModel.create({
      ...input,
      workspaceId: requireObjectId(input.workspaceId),
      invitedBy: requireObjectId(input.invitedBy),
    });

    return toRecord(doc.toObject());
  },

  async findByHash({ tokenHash }: { tokenHash: string }): Promise<TWorkspaceInvitationRecord | null> {
    if (typeof tokenHash !== 'string') {
      return null;
    }
    const doc = await WorkspaceInvitationModel.findOne({ tokenHash }).lean<TLeanInvitation>();

    return doc ? toRecord(doc) : null;
  },

  /** Uses a pending invitation up; false when it was already used, revoked or has expired. */
  async markAccepted({ id, now }: { id: string; now: Date }): Promise<boolean> {
    const _id = toObjectId(id);
    if (!_id) {
      return false;
    }
    const result = await WorkspaceInvitationModel.updateOne(
      { _id, ...pendingAt(now) },
      { $set: { acceptedAt: now } },
    );

    return result.modifiedCount === 1;
  },

  /** Revokes a pending invitation of this workspace; false when there is none by that id. */
  async revoke({ workspaceId, id, now }: { workspaceId: string; id: string; now: Date }): Promise<boolean> {
    const _id = toObjectId(id);
    const ws = toObjectId(workspaceId);
    if (!_id || !ws) {
      return false;
    }
    const result = await WorkspaceInvitationModel.updateOne(
      { _id, workspaceId: ws, ...pendingAt(now) },
      { $set: { revokedAt: now } },
    );

    return result.modifiedCount === 1;
  },

  async listPending({ workspaceId, now }: { workspaceId: string; now: Date }) {
    const ws = toObjectId(workspaceId);
    if (!ws) {
      return [];
    }
    const docs = await WorkspaceInvitationModel.find({ workspaceId: ws, ...pendingAt(now) })
      .sort({ createdAt: -1, _id: -1 })
      .lean<TLeanInvitation[]>();

    return docs.map(toRecord);
  },

  /** This address's pending invitation to the workspace, if any (the newest). */
  async findPending({
    workspaceId,
    email,
    now,
  }: {
    workspaceId: string;
    email: string;
    now: Date;
  }): Promise<TWorkspaceInvitationRecord | null> {
    const ws = toObjectId(workspaceId);
    if (!ws || typeof email !== 'string') {
      return null;
    }
    const doc = await WorkspaceInvitationModel.findOne({
      workspaceId: ws,
      email: email.trim().toLowerCase(),
      ...pendingAt(now),
    })
      .sort({ createdAt: -1, _id: -1 })
      .lean<TLeanInvitation>();

    return doc ? toRecord(doc) : null;
  },

  /**
   * Revokes every pending invitation this member sent to the workspace: a member who was removed
   * or lowered below inviting must not get back in through links sent before.
   */
  async revokeSentBy({
    workspaceId,
    invitedBy,
    now,
  }: {
    workspaceId: string;
    invitedBy: string;
    now: Date;
  }): Promise<number> {
    const ws = toObjectId(workspaceId);
    const inviter = toObjectId(invitedBy);
    if (!ws || !inviter) {
      return 0;
    }
    const result = await WorkspaceInvitationModel.updateMany(
      { workspaceId: ws, invitedBy: inviter, ...pendingAt(now) },
      { $set: { revokedAt: now } },
    );

    return result.modifiedCount;
  },
};
