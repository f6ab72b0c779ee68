import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/** How long the email log is kept (the TTL index removes older entries). */
export const EMAIL_LOG_RETENTION_SECONDS = 30 * 24 * 3600;

/**
 * `sent`: accepted by the SMTP server. `captured`: no SMTP server is configured, the message is
 * kept here instead (the embedded default). `failed`: a permanent refusal or the last retry.
 * `skipped`: not sent by rule (the hourly cap of developer notifications).
 */
export const EMAIL_LOG_STATUSES = ['sent', 'captured', 'failed', 'skipped'] as const;

/** One email the service sent (or meant to): the outbox entry it belongs to and what became of it. */
const emailLogSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    formId: { type: Schema.Types.ObjectId, default: null },
    submissionId: { type: Schema.Types.ObjectId, default: null },
    // The outbox entry, unique, so a retried job never logs (or sends) one email twice.
    entryId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, required: true },
    to: { type: String, required: true },
    // The sender address the message went out with (null on entries logged before it was kept).
    from: { type: String, default: null },
    subject: { type: String, required: true },
    // Where answers go (the form's reply-to, or the submitter on a notification); null when unset
    // and on entries logged before it was kept.
    replyTo: { type: String, default: null },
    status: { type: String, enum: EMAIL_LOG_STATUSES, required: true },
    error: { type: String, default: null },
    messageId: { type: String, default: null },
    // Kept only for captured messages, so they can be read without a mail server.
    text: { type: String, default: null },
    html: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'email_log' },
);

emailLogSchema.index({ entryId: 1 }, { unique: true });
// The developer-notification cap counts one form's recent notifications.
emailLogSchema.index({ formId: 1, kind: 1, createdAt: -1 });
// The operator's newest-first listing.
emailLogSchema.index({ createdAt: -1, _id: -1 });
// An owner's newest-first listing (the dashboard's captured mail).
emailLogSchema.index({ userId: 1, createdAt: -1, _id: -1 });
emailLogSchema.index({ createdAt: 1 }, { expireAfterSeconds: EMAIL_LOG_RETENTION_SECONDS });

export type TEmailLogDoc = InferSchemaType<typeof emailLogSchema>;

const createEmailLogModel = () => model('EmailLog', emailLogSchema);

export const EmailLogModel =
  (models.EmailLog as ReturnType<typeof createEmailLogModel> | undefined) ?? createEmailLogModel();
