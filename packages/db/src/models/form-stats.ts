import mongoose from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/**
 * Lifetime analytics totals of one form, bumped at submit time (and lowered when a submission is
 * deleted) so analytics never scan submissions. `browsers`/`countries` keys are display names
 * (encoded by statsKey in the repository). The quarter-hour buckets live in FormStatsDay,
 * each month's quarter-of-day totals in FormStatsQuarters: this document never grows with time.
 */
const formStatsSchema = new Schema(
  {
    formId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    total: { type: Number, default: 0 },
    browsers: { type: Map, of: Number, default: {} },
    countries: { type: Map, of: Number, default: {} },
    // Bumped by every counter change: the rebuild replaces the document only if nothing moved.
    version: { type: Number, default: 0 },
  },
  { timestamps: true, collection: 'form_stats', minimize: false },
);

formStatsSchema.index({ formId: 1 }, { unique: true });

const createFormStatsModel = () => model('FormStats', formStatsSchema);

export const FormStatsModel =
  (models.FormStats as ReturnType<typeof createFormStatsModel> | undefined) ?? createFormStatsModel();
