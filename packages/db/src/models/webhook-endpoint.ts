import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

const webhookEndpointSchema = new Schema(
  {
    formId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    url: { type: String, required: true },
    description: { type: String, default: '' },
    enabled: { type: Boolean, default: true },
    events: { type: [String], default: ['form.submission.created'] },
    // `whsec_` + base64 of 32 random bytes. Kept in clear because every delivery signs with it.
    secret: { type: String, required: true },
    // After a rotation the replaced secret keeps signing (alongside the new one) until this instant,
    // so receivers can switch over without dropping deliveries. Both null when there is none.
    previousSecret: { type: String, default: null },
    previousSecretExpiresAt: { type: Date, default: null },
    // Sent with every delivery, e.g. a token the receiver authenticates with.
    headers: {
      type: [
        new Schema(
          // An empty value is a valid header; `required` would refuse '' (mongoose's string rule).
          { name: { type: String, required: true }, value: { type: String, default: '' } },
          { _id: false },
        ),
      ],
      default: [],
    },
  },
  { timestamps: true, collection: 'webhook_endpoints' },
);

webhookEndpointSchema.index({ formId: 1, createdAt: -1, _id: -1 });
webhookEndpointSchema.index({ userId: 1 });

export type TWebhookEndpointDoc = InferSchemaType<typeof webhookEndpointSchema>;

const createWebhookEndpointModel = () => model('WebhookEndpoint', webhookEndpointSchema);

export const WebhookEndpointModel =
  (models.WebhookEndpoint as ReturnType<typeof createWebhookEndpointModel> | undefined) ??
  createWebhookEndpointModel();
