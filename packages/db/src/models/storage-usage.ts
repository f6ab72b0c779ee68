import mongoose from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/** Bytes of uploaded files a tenant keeps, against its plan's storage limit. */
const storageUsageSchema = new Schema(
  {
    /** The tenant: today the owner user's id; the workspace's once workspaces exist. */
    workspaceId: { type: Schema.Types.ObjectId, required: true },
    /** Bytes of the files stored submissions keep: the usage shown. */
    storageBytes: { type: Number, default: 0, required: true },
    /** Stored bytes plus those of uploads still arriving: what the plan's limit guards. */
    claimedBytes: { type: Number, default: 0, required: true },
  },
  { timestamps: true, collection: 'storage_usage' },
);

storageUsageSchema.index({ workspaceId: 1 }, { unique: true });

const createStorageUsageModel = () => model('StorageUsage', storageUsageSchema);

export const StorageUsageModel =
  (models.StorageUsage as ReturnType<typeof createStorageUsageModel> | undefined) ??
  createStorageUsageModel();
