import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/** How a member hears of a form's submissions: each one, an hourly or daily digest, or not at all. */
export const NOTIFICATION_MODES = ['instant', 'hourly', 'daily', 'off'] as const;

/**
 * One member's choice for one form. A member without one gets the default (the workspace owner
 * each submission, the other members nothing), so only choices are stored.
 */
const notificationPreferenceSchema = new Schema(
  {
    workspaceId: { type: Schema.Types.ObjectId, required: true },
    formId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    mode: { type: String, enum: NOTIFICATION_MODES, required: true },
    /**
     * When the member last moved from each digest to `instant` or the other digest: the digest of
     * the period they left still goes out, with what came in up to that moment, and the new mode
     * takes what came after (see digestSpan and instantRecipients).
     */
    leftDigestAt: { hourly: { type: Date, default: null }, daily: { type: Date, default: null } },
  },
  { timestamps: true, collection: 'notification_preferences' },
);

notificationPreferenceSchema.index({ formId: 1, userId: 1 }, { unique: true });
// The digest run lists everyone on one cadence.
notificationPreferenceSchema.index({ mode: 1, formId: 1 });

export type TNotificationPreferenceDoc = InferSchemaType<typeof notificationPreferenceSchema>;

const createModel = () => model('NotificationPreference', notificationPreferenceSchema);

export const NotificationPreferenceModel =
  (models.NotificationPreference as ReturnType<typeof createModel> | undefined) ?? createModel();
