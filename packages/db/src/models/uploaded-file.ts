import mongoose from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/**
 * One uploaded file, whichever store holds its bytes (GridFS bucket `uploads` or an S3 bucket).
 * The record is written before the first byte is stored and tied to its submission once the
 * submission is stored: a record without `submissionId` belongs to an upload in progress or to
 * one that was cut off, and is what a clean-up looks for.
 */
const uploadedFileSchema = new Schema(
  {
    /** The tenant: today the owner user's id; the workspace's once workspaces exist. */
    workspaceId: { type: Schema.Types.ObjectId, required: true },
    formId: { type: Schema.Types.ObjectId, required: true },
    submissionId: { type: Schema.Types.ObjectId, default: null },
    field: { type: String, required: true },
    name: { type: String, required: true },
    size: { type: Number, default: 0, required: true },
    contentType: { type: String, required: true },
    sha256: { type: String, default: '' },
    /**
     * Bytes this file holds of its tenant's claimed storage: claimed as they arrive, its size once
     * complete. Whoever removes the record gives them back (a crashed upload's too).
     */
    claimedBytes: { type: Number, default: 0, required: true },
    /** Which store holds the bytes, so a change of FILE_STORAGE still finds older files. */
    storage: { type: String, enum: ['gridfs', 's3'], required: true },
  },
  { timestamps: true, collection: 'uploaded_files' },
);

uploadedFileSchema.index({ workspaceId: 1, formId: 1, submissionId: 1 });
uploadedFileSchema.index({ submissionId: 1, createdAt: 1 });

const createUploadedFileModel = () => model('UploadedFile', uploadedFileSchema);

export const UploadedFileModel =
  (models.UploadedFile as ReturnType<typeof createUploadedFileModel> | undefined) ??
  createUploadedFileModel();
