import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/**
 * What an outbound endpoint posts: the signed event of a plain webhook or of a REST hook (a
 * subscription made by Zapier, Make or n8n, removed when its target answers 410 Gone), or a chat
 * message shaped for Slack, Discord or Teams. They share delivery, retries, the log and the cap.
 */
export const ENDPOINT_KINDS = ['webhook', 'hook', 'slack', 'discord', 'teams'] as const;

const webhookEndpointSchema = new Schema(
  {
    // Null only for a REST hook that follows every form of its owner (subscribed without a form).
    formId: { type: Schema.Types.ObjectId, default: null },
    // Absent on endpoints stored before integrations existed: those are plain webhooks.
    kind: { type: String, enum: ENDPOINT_KINDS, default: 'webhook' },
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
          { name: { type: String, required: true }, value: { type: String, required: true } },
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
