import mongoose from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/**
 * Pre-aggregated analytics of one form, bumped at submit time so analytics never scan submissions
 * (analytics count submissions received, so deleting one does not lower them). Map keys: `hours` = UTC hour `YYYY-MM-DDTHH`, `hourOfDay` = UTC `00`..`23`,
 * `browsers`/`countries` = display names (encoded by statsKey in the repository).
 * `hours` is bounded: keys older than the analytics window are pruned at most once a day per form,
 * by the first submission after `hoursPrunedAt` is a day old (formStatsRepository.recordSubmission).
 */
const formStatsSchema = new Schema(
  {
    formId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    total: { type: Number, default: 0 },
    spam: { type: Number, default: 0 },
    hours: { type: Map, of: Number, default: {} },
    hourOfDay: { type: Map, of: Number, default: {} },
    browsers: { type: Map, of: Number, default: {} },
    countries: { type: Map, of: Number, default: {} },
    hoursPrunedAt: { type: Date },
    // Latest submissions already counted here: makes re-applying a submission a no-op (count-once.ts).
    countedIds: { type: [Schema.Types.ObjectId], default: undefined, select: false },
  },
  { timestamps: true, collection: 'form_stats', minimize: false },
);

formStatsSchema.index({ formId: 1 }, { unique: true });

const createFormStatsModel = () => model('FormStats', formStatsSchema);

export const FormStatsModel =
  (models.FormStats as ReturnType<typeof createFormStatsModel> | undefined) ?? createFormStatsModel();
