import mongoose from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/**
 * One workspace's learned spam model: how many submissions its owner marked spam and not spam, and
 * per token key (a short hash of a word, see core's spam model), in how many of each it appeared.
 * One document per workspace, never shared: a workspace's marks train only its own model. Keys are
 * hashes folded into a fixed number of buckets, so the document cannot grow without bound.
 */
const spamModelSchema = new Schema(
  {
    workspaceId: { type: Schema.Types.ObjectId, required: true },
    spamMarks: { type: Number, default: 0 },
    hamMarks: { type: Number, default: 0 },
    spam: { type: Schema.Types.Mixed, default: {} },
    ham: { type: Schema.Types.Mixed, default: {} },
  },
  { collection: 'spam_models', minimize: false },
);

spamModelSchema.index({ workspaceId: 1 }, { unique: true });

const createSpamModelModel = () => model('SpamModel', spamModelSchema);

export const SpamModelModel =
  (models.SpamModel as ReturnType<typeof createSpamModelModel> | undefined) ?? createSpamModelModel();
