import { WorkspaceMemberModel, type TWorkspaceMemberDoc } from '../models/workspace-member.js';
import { toObjectId } from './object-id.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';

export type TWorkspaceRole = TWorkspaceMemberDoc['role'];

export type TWorkspaceMemberRecord = TRecordOf<TWorkspaceMemberDoc>;

type TLeanMember = TLeanOf<
  TWorkspaceMemberDoc,
  'workspaceId' | 'userId' | 'role' | 'createdAt' | 'updatedAt'
>;

function toRecord(doc: TLeanMember): TWorkspaceMemberRecord {
  return {
    workspaceId: doc.workspaceId.toString(),
    userId: doc.userId.toString(),
    role: doc.role,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function pairFilter(workspaceId: string, userId: string) {
  const ws = toObjectId(workspaceId);
  const user = toObjectId(userId);

  return ws && user ? { workspaceId: ws, userId: user } : null;
}

/** Who belongs to which workspace, with what role. One document per (workspace, user). */
export const workspaceMemberRepository = {
  /**
   * Adds a member; an existing membership is left as it is (idempotent, so a migration or an
   * invitation accepted twice at once cannot make two). Returns the stored membership.
   */
  async add({
    workspaceId,
    userId,
    role,
  }: {
    workspaceId: string;
    userId: string;
    role: TWorkspaceRole;
  }): Promise<{ member: TWorkspaceMemberRecord; created: boolean }> {
    const filter = { workspaceId: requireObjectId(workspaceId), userId: requireObjectId(userId) };
    const result = await WorkspaceMemberModel.updateOne(
      filter,
      { $setOnInsert: { ...filter, role } },
      { upsert: true },
    );
    const doc = await WorkspaceMemberModel.findOne(filter).lean<TLeanMember>();
    if (!doc) {
      throw new Error('membership vanished right after its upsert');
    }

    return { member: toRecord(doc), created: result.upsertedCount === 1 };
  },

  async find({ workspaceId, userId }: { workspaceId: string; userId: string }) {
    const filter = pairFilter(workspaceId, userId);
    if (!filter) {
      return null;
    }
    const doc = await WorkspaceMemberModel.findOne(filter).lean<TLeanMember>();

    return doc ? toRecord(doc) : null;
  },

  /** The memberships of one user, oldest first (the personal workspace comes first). */
  async listForUser({ userId }: { userId: string }): Promise<TWorkspaceMemberRecord[]> {
    const user = toObjectId(userId);
    if (!user) {
      return [];
    }
    const docs = await WorkspaceMemberModel.find({ userId: user })
      .sort({ createdAt: 1, _id: 1 })
      .lean<TLeanMember[]>();

    return docs.map(toRecord);
  },

  async listForWorkspace({ workspaceId }: { workspaceId: string }): Promise<TWorkspaceMemberRecord[]> {
    const ws = toObjectId(workspaceId);
    if (!ws) {
      return [];
    }
    const docs = await WorkspaceMemberModel.find({ workspaceId: ws })
      .sort({ createdAt: 1, _id: 1 })
      .lean<TLeanMember[]>();

    return docs.map(toRecord);
  },

  /** Changes a role only if it is still `from` (two admins changing one role at once: one wins). */
  async setRole({
    workspaceId,
    userId,
    from,
    to,
  }: {
    workspaceId: string;
    userId: string;
    from: TWorkspaceRole;
    to: TWorkspaceRole;
  }): Promise<boolean> {
    const filter = pairFilter(workspaceId, userId);
    if (!filter) {
      return false;
    }
    const result = await WorkspaceMemberModel.updateOne({ ...filter, role: from }, { $set: { role: to } });

    return result.modifiedCount === 1;
  },

  /** Removes a membership unless it is the owner's (the owner leaves only by a transfer). */
  async removeNonOwner({ workspaceId, userId }: { workspaceId: string; userId: string }): Promise<boolean> {
    const filter = pairFilter(workspaceId, userId);
    if (!filter) {
      return false;
    }
    const result = await WorkspaceMemberModel.deleteOne({ ...filter, role: { $ne: 'owner' } });

    return result.deletedCount === 1;
  },

  /** Every membership of a workspace (the workspace is being deleted). */
  async removeAll({ workspaceId }: { workspaceId: string }): Promise<void> {
    const ws = toObjectId(workspaceId);
    if (ws) {
      await WorkspaceMemberModel.deleteMany({ workspaceId: ws });
    }
  },
};
