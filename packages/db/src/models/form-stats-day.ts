import mongoose from 'mongoose';

const { model, models, Schema } = mongoose;

/**
 * The quarter-hour buckets of one form for one UTC day (`YYYY-MM-DD`): what one submit changes,
 * so a submit's analytics write touches a document of at most 96 small counters instead of a whole
 * month's (31 × 96, rewritten and journaled whole on every submit before). Buckets are a quarter
 * of an hour because every zone in use today is offset from UTC by a multiple of 15 minutes (India
 * +05:30, Nepal +05:45): with UTC hours a local hour or day of such a zone would start mid-bucket.
 *
 * `slots` is sparse, keyed by the quarter of the day `0`..`95`: a day's first submission creates the
 * document with one upsert `$inc` (an array would have to be created zero-filled first, one more
 * write and a cache of known days), and a quiet form's day is a few bytes. The per-month quarter-of-
 * day totals (the lifetime peak hour) live in FormStatsQuarters.
 */
const formStatsDaySchema = new Schema(
  {
    formId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    day: { type: String, required: true },
    slots: { type: Schema.Types.Mixed, default: {} },
    // Bumped by every counter change: the rebuild replaces the document only if nothing moved.
    version: { type: Number, default: 0 },
  },
  { collection: 'form_stats_days', minimize: false, versionKey: false },
);

formStatsDaySchema.index({ formId: 1, day: 1 }, { unique: true });

const createFormStatsDayModel = () => model('FormStatsDay', formStatsDaySchema);

export const FormStatsDayModel =
  (models.FormStatsDay as ReturnType<typeof createFormStatsDayModel> | undefined) ??
  createFormStatsDayModel();
