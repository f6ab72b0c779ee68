import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/** How long delivery attempts are kept (the TTL index removes older ones). */
export const WEBHOOK_DELIVERY_RETENTION_SECONDS = 30 * 24 * 3600;

export const WEBHOOK_DELIVERY_STATUSES = ['success', 'failed'] as const;

/**
 * One attempt to deliver one event to one endpoint. Never holds the secret or the signatures; the
 * response body is cut to its first kilobyte.
 */
const webhookDeliverySchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    formId: { type: Schema.Types.ObjectId, required: true },
    endpointId: { type: Schema.Types.ObjectId, required: true },
    // Null for a test event, which belongs to no submission.
    submissionId: { type: Schema.Types.ObjectId, default: null },
    // The `webhook-id` header: the same on every attempt of one event to one endpoint.
    webhookId: { type: String, required: true },
    event: { type: String, required: true },
    // 1 for the first try of this event, then 2, 3, ... (redeliveries continue the count).
    attempt: { type: Number, required: true },
    status: { type: String, enum: WEBHOOK_DELIVERY_STATUSES, required: true },
    httpStatus: { type: Number, default: null },
    durationMs: { type: Number, required: true },
    responseBody: { type: String, default: null },
    error: { type: String, default: null },
    test: { type: Boolean, default: false },
    url: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'webhook_deliveries' },
);

// Listing (newest first) and the failure-window queries are per endpoint.
webhookDeliverySchema.index({ endpointId: 1, createdAt: -1, _id: -1 });
// Each attempt counts the earlier attempts of its event to number itself.
webhookDeliverySchema.index({ endpointId: 1, webhookId: 1 });
webhookDeliverySchema.index({ createdAt: 1 }, { expireAfterSeconds: WEBHOOK_DELIVERY_RETENTION_SECONDS });

export type TWebhookDeliveryDoc = InferSchemaType<typeof webhookDeliverySchema>;

const createWebhookDeliveryModel = () => model('WebhookDelivery', webhookDeliverySchema);

export const WebhookDeliveryModel =
  (models.WebhookDelivery as ReturnType<typeof createWebhookDeliveryModel> | undefined) ??
  createWebhookDeliveryModel();
