import mongoose from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/** Bytes of uploaded files a tenant keeps, against its plan's storage limit. */
const storageUsageSchema = new Schema(
  {
    /** The tenant: today the owner user's id; the workspace's once workspaces exist. */
    workspaceId: { type: Schema.Types.ObjectId, required: true },
    storageBytes: { type: Number, default: 0, required: true },
  },
  { timestamps: true, collection: 'storage_usage' },
);

storageUsageSchema.index({ workspaceId: 1 }, { unique: true });

const createStorageUsageModel = () => model('StorageUsage', storageUsageSchema);

export const StorageUsageModel =
  (models.StorageUsage as ReturnType<typeof createStorageUsageModel> | undefined) ??
  createStorageUsageModel();
