import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/**
 * An extra recipient's state: `pending` until the address opens its confirmation link (nothing is
 * mailed to it but that link), `confirmed` after (it gets the form's notifications), `removed` once
 * an admin removes it or it unsubscribes (kept a while so the worker can log a notification it
 * skipped for that reason, then dropped by the TTL).
 */
export const NOTIFICATION_RECIPIENT_STATUSES = ['pending', 'confirmed', 'removed'] as const;

/**
 * An address outside the workspace that gets a form's owner notifications, once it confirmed a
 * link. Only the SHA-256 of the emailed confirmation token is kept; a new link replaces it.
 */
const notificationRecipientSchema = new Schema(
  {
    workspaceId: { type: Schema.Types.ObjectId, required: true },
    formId: { type: Schema.Types.ObjectId, required: true },
    // Lower-cased: one address is one recipient of a form however it was typed.
    email: { type: String, required: true },
    status: { type: String, enum: NOTIFICATION_RECIPIENT_STATUSES, required: true },
    confirmTokenHash: { type: String, default: null },
    confirmExpiresAt: { type: Date, default: null },
    // When the latest confirmation link was sent (the dashboard shows it).
    linkSentAt: { type: Date, default: null },
    confirmedAt: { type: Date, default: null },
    removedAt: { type: Date, default: null },
    // Set when removed: the TTL index deletes the document then.
    purgeAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'notification_recipients' },
);

notificationRecipientSchema.index({ formId: 1, email: 1 }, { unique: true });
notificationRecipientSchema.index({ workspaceId: 1, formId: 1 });
notificationRecipientSchema.index({ confirmTokenHash: 1 });
notificationRecipientSchema.index({ purgeAt: 1 }, { expireAfterSeconds: 0 });

export type TNotificationRecipientDoc = InferSchemaType<typeof notificationRecipientSchema>;

const createModel = () => model('NotificationRecipient', notificationRecipientSchema);

export const NotificationRecipientModel =
  (models.NotificationRecipient as ReturnType<typeof createModel> | undefined) ?? createModel();
