import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

const apiKeySchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    // SHA-256 hex of the whole key; the plaintext is never stored, so a database leak reveals no key.
    keyHash: { type: String, required: true },
    prefix: { type: String, required: true },
    last4: { type: String, required: true },
    scopes: { type: [String], default: [] },
    // Restrictions on top of the scopes, for keys embedded in web pages: the forms the key may touch
    // and the browser origins it may be used from. Empty means unrestricted.
    formIds: { type: [String], default: [] },
    allowedOrigins: { type: [String], default: [] },
    isActive: { type: Boolean, default: true, required: true },
    lastUsedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'api_keys' },
);

apiKeySchema.index({ keyHash: 1 }, { unique: true });
apiKeySchema.index({ userId: 1, createdAt: -1, _id: -1 });

export type TApiKeyDoc = InferSchemaType<typeof apiKeySchema>;

const createApiKeyModel = () => model('ApiKey', apiKeySchema);

export const ApiKeyModel =
  (models.ApiKey as ReturnType<typeof createApiKeyModel> | undefined) ?? createApiKeyModel();
