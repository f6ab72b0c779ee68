import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/**
 * A submission notification received by the custom webhook receiver. The ids are the sender's:
 * the sender may be another deployment, so they are kept as strings, not ObjectIds.
 */
const inboundEventSchema = new Schema(
  {
    submissionId: { type: String, required: true },
    // The owner whose own receiver (its URL and secret) took the event; null for the shared
    // receiver of CUSTOM_WEBHOOK_SECRET, whose events are shown to the owner of `formId`.
    receiverUserId: { type: String, default: null },
    formId: { type: String, required: true },
    event: { type: String, required: true },
    // The sender's own timestamp of the event (when it was submitted there).
    occurredAt: { type: Date, required: true },
    // The submitted fields as JSON text: field names are the sender's and may hold characters that
    // stored document keys cannot (`$`, `.`).
    fieldsJson: { type: String, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'inbound_events' },
);

// Deliveries are at-least-once: a retried notification must not be recorded twice. Keyed by
// receiver, form and submission: a sender claiming a submission id first on another form, or at
// another owner's receiver, cannot make a genuine notification count as a repeat.
inboundEventSchema.index({ receiverUserId: 1, formId: 1, submissionId: 1 }, { unique: true });
inboundEventSchema.index({ receiverUserId: 1, createdAt: -1, _id: -1 });
inboundEventSchema.index({ formId: 1, createdAt: -1, _id: -1 });
inboundEventSchema.index({ createdAt: -1, _id: -1 });

/** The unique index of earlier releases (submission id alone), dropped by ensureIndexes. */
export const LEGACY_INBOUND_EVENT_INDEX = 'submissionId_1';

export type TInboundEventDoc = InferSchemaType<typeof inboundEventSchema>;

const createInboundEventModel = () => model('InboundEvent', inboundEventSchema);

export const InboundEventModel =
  (models.InboundEvent as ReturnType<typeof createInboundEventModel> | undefined) ??
  createInboundEventModel();
