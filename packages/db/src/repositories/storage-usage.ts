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

/** Makes the tenant's counter (two first uploads at once: one makes it, the other finds it). */
async function ensureCounter(workspace: ReturnType<typeof tenantId>): Promise<void> {
  try {
    await StorageUsageModel.updateOne(
      { workspaceId: workspace },
      { $setOnInsert: { storageBytes: 0, claimedBytes: 0 } },
      { upsert: true },
    );
  } catch (error) {
    if (!isDuplicateKeyError(error)) {
      throw error;
    }
  }
  // A counter from before claims were kept: everything it counts is stored.
  await StorageUsageModel.updateOne(
    { workspaceId: workspace, claimedBytes: { $exists: false } },
    [{ $set: { claimedBytes: '$storageBytes' } }],
    { updatePipeline: true },
  );
}

/**
 * Bytes of uploaded files per tenant. `storageBytes` is what stored submissions keep (the usage
 * shown); `claimedBytes` is that plus the bytes of uploads still arriving, and is what the plan's
 * limit guards: an upload claims its bytes as they arrive, so parallel uploads cannot together
 * store more than the limit, even for the moment before they are refused.
 */
export const storageUsageRepository = {
  async get(workspaceId: string): Promise<number> {
    const doc = await StorageUsageModel.findOne(
      { workspaceId: tenantId(workspaceId) },
      { storageBytes: 1 },
    ).lean<{ storageBytes: number }>();

    return doc?.storageBytes ?? 0;
  },

  /**
   * Claims `bytes` while stored and claimed bytes stay within `limit`: one conditional update, so
   * concurrent uploads cannot overshoot together. Returns whether they were claimed, and the
   * stored bytes (for the refusal's text) when not.
   */
  async claim({
    workspaceId,
    bytes,
    limit,
  }: {
    workspaceId: string;
    bytes: number;
    limit: number;
  }): Promise<{ ok: boolean; used: number }> {
    const workspace = tenantId(workspaceId);
    const guardedAdd = async () =>
      (
        await StorageUsageModel.updateOne(
          { workspaceId: workspace, claimedBytes: { $lte: limit - bytes } },
          { $inc: { claimedBytes: bytes } },
        )
      ).modifiedCount === 1;
    if (await guardedAdd()) {
      return { ok: true, used: 0 };
    }
    // The counter exists after the tenant's first upload: made (or completed) only when missing.
    await ensureCounter(workspace);
    if (await guardedAdd()) {
      return { ok: true, used: 0 };
    }

    return { ok: false, used: await storageUsageRepository.get(workspaceId) };
  },

  /** Counts claimed bytes as stored: their submission is about to be stored. */
  async commit({ workspaceId, bytes }: { workspaceId: string; bytes: number }): Promise<void> {
    if (bytes > 0) {
      await StorageUsageModel.updateOne(
        { workspaceId: tenantId(workspaceId) },
        { $inc: { storageBytes: bytes } },
      );
    }
  },

  /**
   * Gives bytes back: `stored` no longer kept by a submission (deleted, or its submission refused
   * after the commit), `claimed` no longer held by an upload (removed, refused, cut off, trimmed).
   */
  async release({
    workspaceId,
    stored = 0,
    claimed = 0,
  }: {
    workspaceId: string;
    stored?: number;
    claimed?: number;
  }): Promise<void> {
    if (stored > 0 || claimed > 0) {
      await StorageUsageModel.updateOne(
        { workspaceId: tenantId(workspaceId) },
        { $inc: { storageBytes: -stored, claimedBytes: -claimed } },
      );
    }
  },
};
