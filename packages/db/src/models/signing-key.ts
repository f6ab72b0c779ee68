import mongoose from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/**
 * Install-wide random keys, made on first use and shared by every process through the database
 * (the server checks what the worker signs), so an operator has no secret to set or keep in step.
 */
const signingKeySchema = new Schema(
  {
    purpose: { type: String, required: true },
    key: { type: String, required: true },
  },
  { timestamps: true, collection: 'signing_keys' },
);

signingKeySchema.index({ purpose: 1 }, { unique: true });

const createSigningKeyModel = () => model('SigningKey', signingKeySchema);

export const SigningKeyModel =
  (models.SigningKey as ReturnType<typeof createSigningKeyModel> | undefined) ?? createSigningKeyModel();
