import mongoose from 'mongoose';

const { model, models, Schema } = mongoose;

/**
 * The time buckets of one form for one UTC month (`YYYY-MM`). Buckets are a quarter of an hour
 * because every zone in use today is offset from UTC by a multiple of 15 minutes (India +05:30,
 * Nepal +05:45): with UTC hours a local hour or day of such a zone would start mid-bucket.
 * `days[d][q]`: submissions on UTC day d + 1 in quarter hour q (0..95), for the time series, the last
 * 24 hours and week-over-week, and for the peak hour in a month where the asked zone changes its
 * offset (DST). Fixed-size arrays, created zero-filled with the document: a read costs the same
 * whatever the number of submissions, and arrays decode several times faster than a map with one
 * string key per quarter hour (the layout of the former `form_stats_months` collection, which
 * `formwell analytics rebuild` replaces). The per-month quarter-of-day totals live on FormStats.
 */
const formStatsMonthSchema = new Schema(
  {
    formId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    month: { type: String, required: true },
    days: { type: [[Number]], default: undefined },
    // Bumped by every counter change: the rebuild replaces the document only if nothing moved.
    version: { type: Number, default: 0 },
    // Latest submissions already counted here: makes re-applying a submission a no-op (count-once.ts).
    countedIds: { type: [Schema.Types.ObjectId], default: undefined, select: false },
  },
  { collection: 'form_stats_month_days', minimize: false },
);

formStatsMonthSchema.index({ formId: 1, month: 1 }, { unique: true });

const createFormStatsMonthModel = () => model('FormStatsMonth', formStatsMonthSchema);

export const FormStatsMonthModel =
  (models.FormStatsMonth as ReturnType<typeof createFormStatsMonthModel> | undefined) ??
  createFormStatsMonthModel();
