import mongoose from 'mongoose';

const { model, models, Schema } = mongoose;

/**
 * One form's submissions of one UTC month (`YYYY-MM`) by quarter of the UTC day: what the lifetime
 * peak hour reads, one small document per month of the form's life (shifting each month by the
 * offset the asked zone had then). `slots` is sparse, keyed `0`..`95` as FormStatsDay's. These
 * totals lived on FormStats, which grew by 96 counters a month and was rewritten and journaled whole
 * by every submit; here a submit changes one counter of a document that never outgrows 96.
 */
const formStatsQuartersSchema = new Schema(
  {
    formId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    month: { type: String, required: true },
    slots: { type: Schema.Types.Mixed, default: {} },
    // Bumped by every counter change: the rebuild replaces the document only if nothing moved.
    version: { type: Number, default: 0 },
  },
  { collection: 'form_stats_quarters', minimize: false, versionKey: false },
);

formStatsQuartersSchema.index({ formId: 1, month: 1 }, { unique: true });

const createFormStatsQuartersModel = () => model('FormStatsQuarters', formStatsQuartersSchema);

export const FormStatsQuartersModel =
  (models.FormStatsQuarters as ReturnType<typeof createFormStatsQuartersModel> | undefined) ??
  createFormStatsQuartersModel();
