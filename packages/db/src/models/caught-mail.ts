import mongoose from 'mongoose';

import { EMAIL_LOG_RETENTION_SECONDS } from './email-log.js';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/**
 * The body of a message the local SMTP catcher of `npm start` received. Who, what and its status
 * stay in the email log (the worker logs every message it sends); this keeps only what the log
 * does not keep (the body, and the headers such as `List-Unsubscribe`) for mail that went over SMTP, matched to the log by the Message-ID header.
 */
const caughtMailSchema = new Schema(
  {
    messageId: { type: String, required: true },
    text: { type: String, default: null },
    html: { type: String, default: null },
    /** Every header as received (name in lower case, value unfolded), to check what mail clients see. */
    headers: { type: [{ _id: false, name: String, value: String }], default: [] },
    receivedAt: { type: Date, required: true },
  },
  { collection: 'caught_mail' },
);

caughtMailSchema.index({ messageId: 1 }, { unique: true });
// Kept as long as the email log entry it completes.
caughtMailSchema.index({ receivedAt: 1 }, { expireAfterSeconds: EMAIL_LOG_RETENTION_SECONDS });

const createCaughtMailModel = () => model('CaughtMail', caughtMailSchema);

export const CaughtMailModel =
  (models.CaughtMail as ReturnType<typeof createCaughtMailModel> | undefined) ?? createCaughtMailModel();
