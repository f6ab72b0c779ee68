import { model, models, Schema, type InferSchemaType } from 'mongoose';

/**
 * Pre-aggregated analytics of one form, bumped at submit time so analytics never scan submissions
 * (decisions §9). Map keys: `hours` = UTC hour `YYYYMMDDHH`, `hourOfDay` = UTC `0`..`23`,
 * `browsers`/`countries` = display names with `.` and a leading `$` replaced (field-path safety).
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
  },
  { timestamps: true, collection: 'form_stats', minimize: false },
);

formStatsSchema.index({ formId: 1 }, { unique: true });

export type TFormStatsDoc = InferSchemaType<typeof formStatsSchema>;

const createFormStatsModel = () => model('FormStats', formStatsSchema);

export const FormStatsModel =
  (models.FormStats as ReturnType<typeof createFormStatsModel> | undefined) ?? createFormStatsModel();
