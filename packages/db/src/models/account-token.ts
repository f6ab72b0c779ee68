import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

const ACCOUNT_TOKEN_KINDS = ['verify-email', 'password-reset'] as const;

/**
 * One-time links of an account: address verification (24 h) and password reset (30 min). Only the
 * SHA-256 of the emailed token is stored. A token is used by setting `usedAt` once; the TTL index
 * removes expired ones.
 */
const accountTokenSchema = new Schema(
  {
    kind: { type: String, enum: ACCOUNT_TOKEN_KINDS, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    // The address the link was sent to: a verification proves this address, not a later one.
    email: { type: String, required: true },
    tokenHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'account_tokens' },
);

accountTokenSchema.index({ tokenHash: 1 }, { unique: true });
accountTokenSchema.index({ userId: 1, kind: 1 });
accountTokenSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export type TAccountTokenDoc = InferSchemaType<typeof accountTokenSchema>;

const createAccountTokenModel = () => model('AccountToken', accountTokenSchema);

export const AccountTokenModel =
  (models.AccountToken as ReturnType<typeof createAccountTokenModel> | undefined) ??
  createAccountTokenModel();
