import mongoose from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/**
 * How far the digest run got, per cadence: every period ending at or before `periodEnd` has had its
 * digests enqueued. A run after a worker outage starts from here, so no period is skipped.
 */
const digestCursorSchema = new Schema(
  {
    _id: { type: String, required: true },
    periodEnd: { type: Date, required: true },
  },
  { collection: 'digest_cursors', versionKey: false },
);

const createModel = () => model('DigestCursor', digestCursorSchema);

export const DigestCursorModel =
  (models.DigestCursor as ReturnType<typeof createModel> | undefined) ?? createModel();
