import { DashboardSessionModel, type TDashboardSessionDoc } from '../models/dashboard-session.js';
import { toObjectId } from './object-id.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';

/** A session as the repository hands it out, derived from the model; the token hash stays inside. */
export type TDashboardSessionRecord = Omit<TRecordOf<TDashboardSessionDoc>, 'tokenHash'> & { id: string };

type TLeanSession = TLeanOf<TDashboardSessionDoc, 'userId' | 'expiresAt' | 'createdAt'>;

function toRecord(doc: TLeanSession): TDashboardSessionRecord {
  return {
    id: doc._id.toString(),
    userId: doc.userId.toString(),
    workspaceId: doc.workspaceId?.toString() ?? null,
    expiresAt: doc.expiresAt,
    userAgent: doc.userAgent ?? null,
    createdAt: doc.createdAt,
  };
}

/** Dashboard sessions, looked up by the hash of the cookie token. */
export const dashboardSessionRepository = {
  async create({
    userId,
    tokenHash,
    expiresAt,
    userAgent = null,
  }: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    userAgent?: string | null;
  }): Promise<TDashboardSessionRecord> {
    const doc = await DashboardSessionModel.create({
      userId: requireObjectId(userId),
      tokenHash,
      expiresAt,
      userAgent,
    });

    return toRecord(doc.toObject());
  },

  /** Only unexpired sessions: the TTL monitor deletes late, so expiry is checked here too. */
  async findActiveByHash({
    tokenHash,
    now,
  }: {
    tokenHash: string;
    now: Date;
  }): Promise<TDashboardSessionRecord | null> {
    const doc = await DashboardSessionModel.findOne({
      tokenHash,
      expiresAt: { $gt: now },
    }).lean<TLeanSession>();

    return doc ? toRecord(doc) : null;
  },

  /** Remembers the workspace the session works in (the dashboard's switcher). */
  async setWorkspace({ sessionId, workspaceId }: { sessionId: string; workspaceId: string }): Promise<void> {
    const _id = toObjectId(sessionId);
    if (_id) {
      await DashboardSessionModel.updateOne({ _id }, { $set: { workspaceId: requireObjectId(workspaceId) } });
    }
  },

  async deleteByHash({ tokenHash }: { tokenHash: string }): Promise<boolean> {
    const result = await DashboardSessionModel.deleteOne({ tokenHash });

    return result.deletedCount > 0;
  },

  /**
   * Keeps a user's `keep` newest sessions and deletes the rest (ties in time broken by id, which
   * grows with creation); returns how many were deleted.
   */
  async deleteAllButNewest({ userId, keep }: { userId: string; keep: number }): Promise<number> {
    const owner = toObjectId(userId);
    if (!owner) {
      return 0;
    }
    const stale = await DashboardSessionModel.find({ userId: owner }, { _id: 1 })
      .sort({ createdAt: -1, _id: -1 })
      .skip(keep)
      .lean<{ _id: unknown }[]>();
    if (stale.length === 0) {
      return 0;
    }
    const result = await DashboardSessionModel.deleteMany({ _id: { $in: stale.map((doc) => doc._id) } });

    return result.deletedCount;
  },

  /** A user's unexpired sessions, newest first. */
  async listActive({ userId, now }: { userId: string; now: Date }): Promise<TDashboardSessionRecord[]> {
    const owner = toObjectId(userId);
    if (!owner) {
      return [];
    }
    const docs = await DashboardSessionModel.find({ userId: owner, expiresAt: { $gt: now } })
      .sort({ createdAt: -1, _id: -1 })
      .lean<TLeanSession[]>();

    return docs.map(toRecord);
  },

  /** Ends every session of a user but `keepId` ("sign out everywhere else"); returns how many. */
  async deleteAllExcept({ userId, keepId }: { userId: string; keepId: string }): Promise<number> {
    const owner = toObjectId(userId);
    const keep = toObjectId(keepId);
    if (!owner || !keep) {
      return 0;
    }
    const result = await DashboardSessionModel.deleteMany({ userId: owner, _id: { $ne: keep } });

    return result.deletedCount;
  },

  async deleteByUser({ userId }: { userId: string }): Promise<number> {
    const owner = toObjectId(userId);
    if (!owner) {
      return 0;
    }
    const result = await DashboardSessionModel.deleteMany({ userId: owner });

    return result.deletedCount;
  },
};
