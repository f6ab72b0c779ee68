import { StorageUsageModel } from '../models/storage-usage.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { toObjectId } from './object-id.js';

function tenantId(workspaceId: string) {
  const id = toObjectId(workspaceId);
  if (!id) {
    throw new Error(`invalid workspace id ${workspaceId}`);
  }

  return id;
}

/** Bytes of stored files per tenant. */
export const storageUsageRepository = {
  async get(workspaceId: string): Promise<number> {
    const doc = await StorageUsageModel.findOne(
      { workspaceId: tenantId(workspaceId) },
      { storageBytes: 1 },
    ).lean<{ storageBytes: number }>();

    return doc?.storageBytes ?? 0;
  },

  /**
   * Adds `bytes` while the sum stays within `limit`: one conditional update, so concurrent uploads
   * cannot overshoot together. Returns the bytes used before, and whether they were added.
   */
  async tryAdd({
    workspaceId,
    bytes,
    limit,
  }: {
    workspaceId: string;
    bytes: number;
    limit: number;
  }): Promise<{ ok: boolean; used: number }> {
    const workspace = tenantId(workspaceId);
    try {
      await StorageUsageModel.updateOne(
        { workspaceId: workspace },
        { $setOnInsert: { storageBytes: 0 } },
        { upsert: true },
      );
    } catch (error) {
      // Two first uploads at once: the other one made the counter.
      if (!isDuplicateKeyError(error)) {
        throw error;
      }
    }
    const added = await StorageUsageModel.updateOne(
      { workspaceId: workspace, storageBytes: { $lte: limit - bytes } },
      { $inc: { storageBytes: bytes } },
    );
    if (added.modifiedCount === 1) {
      return { ok: true, used: 0 };
    }

    return { ok: false, used: await storageUsageRepository.get(workspaceId) };
  },

  /** Gives bytes back (files deleted, or a submission that failed after its files were counted). */
  async subtract({ workspaceId, bytes }: { workspaceId: string; bytes: number }): Promise<void> {
    if (bytes > 0) {
      await StorageUsageModel.updateOne(
        { workspaceId: tenantId(workspaceId) },
        { $inc: { storageBytes: -bytes } },
      );
    }
  },
};
