import mongoose from 'mongoose';

const { model, models, Schema } = mongoose;

/**
 * The time buckets of one form for one UTC month (`YYYY-MM`). Buckets are a quarter of an hour
 * because every zone in use today is offset from UTC by a multiple of 15 minutes (India +05:30,
 * Nepal +05:45): with UTC hours a local hour or day of such a zone would start mid-bucket.
 * `quarters`: `DDTHHMM` (UTC day, hour, minute 00/15/30/45) → submissions, for the time series,
 * the last 24 hours and week-over-week, and for the peak hour in a month where the asked zone
 * changes its offset (DST). A call reads the recent months and those, whatever the number of
 * submissions; the per-month quarter-of-day totals live on FormStats.
 */
const formStatsMonthSchema = new Schema(
  {
    formId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    month: { type: String, required: true },
    quarters: { type: Map, of: Number, default: {} },
    // Bumped by every counter change: the rebuild replaces the document only if nothing moved.
    version: { type: Number, default: 0 },
    // Latest submissions already counted here: makes re-applying a submission a no-op (count-once.ts).
    countedIds: { type: [Schema.Types.ObjectId], default: undefined, select: false },
  },
  { collection: 'form_stats_months', minimize: false },
);

formStatsMonthSchema.index({ formId: 1, month: 1 }, { unique: true });

const createFormStatsMonthModel = () => model('FormStatsMonth', formStatsMonthSchema);

export const FormStatsMonthModel =
  (models.FormStatsMonth as ReturnType<typeof createFormStatsMonthModel> | undefined) ??
  createFormStatsMonthModel();
