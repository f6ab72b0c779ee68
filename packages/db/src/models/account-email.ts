import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

export const ACCOUNT_EMAIL_KINDS = [
  'account.invitation',
  'account.verify-email',
  'account.password-reset',
  'account.already-registered',
  // A form's extra recipient's confirmation link: hidden from the workspace's mail page like the
  // others, or an admin could confirm an address that never asked for the mail.
  'notification.recipient-confirm',
] as const;

/**
 * Mail with a one-time link waiting for the worker: invitations, verification and reset links, and
 * extra recipients' confirmation links. The message
 * carries a one-time link, so it is kept here and the job names only this document's id (links
 * never ride in a job payload). Deleted once sent; the TTL removes what was never sent once every
 * link it holds has expired.
 */
const accountEmailSchema = new Schema(
  {
    kind: { type: String, enum: ACCOUNT_EMAIL_KINDS, required: true },
    // The account or workspace the email log files it under.
    ownerId: { type: Schema.Types.ObjectId, required: true },
    to: { type: String, required: true },
    subject: { type: String, required: true },
    text: { type: String, required: true },
    html: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'account_emails' },
);

accountEmailSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export type TAccountEmailDoc = InferSchemaType<typeof accountEmailSchema>;

const createAccountEmailModel = () => model('AccountEmail', accountEmailSchema);

export const AccountEmailModel =
  (models.AccountEmail as ReturnType<typeof createAccountEmailModel> | undefined) ??
  createAccountEmailModel();
