import mongoose from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/** Submissions counted per user per UTC calendar month; `month` is `YYYY-MM`. */
const monthlyUsageSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    month: { type: String, required: true },
    used: { type: Number, default: 0, required: true },
  },
  { timestamps: true, collection: 'monthly_usage' },
);

// The upsert race of the quota check relies on this unique index (see monthly-usage repository).
monthlyUsageSchema.index({ userId: 1, month: 1 }, { unique: true });

const createMonthlyUsageModel = () => model('MonthlyUsage', monthlyUsageSchema);

export const MonthlyUsageModel =
  (models.MonthlyUsage as ReturnType<typeof createMonthlyUsageModel> | undefined) ??
  createMonthlyUsageModel();
