import mongoose from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/**
 * `processing`: an attempt holds the lease. `processed`: applied (or deliberately ignored), a
 * repeat is answered without work. `failed`: the last attempt threw; the next delivery retries.
 */
const PAYMENT_EVENT_STATUSES = ['processing', 'processed', 'failed'] as const;

/**
 * One payment provider event (`evt_…`), stored raw so an operator can replay it. The unique event
 * id makes deliveries idempotent; the lease lets one attempt apply it at a time while a crashed
 * attempt's claim expires on its own.
 */
const paymentEventSchema = new Schema(
  {
    eventId: { type: String, required: true },
    type: { type: String, required: true },
    // The provider's creation time of the event.
    occurredAt: { type: Date, required: true },
    // The verified body exactly as received.
    payload: { type: String, required: true },
    status: { type: String, enum: PAYMENT_EVENT_STATUSES, required: true },
    leaseToken: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    attempts: { type: Number, default: 0 },
    lastError: { type: String, default: null },
    // What applying it did: `applied`, `ignored` (a type or object we do not act on), `stale`.
    outcome: { type: String, default: null },
    processedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'payment_events' },
);

paymentEventSchema.index({ eventId: 1 }, { unique: true });

const createPaymentEventModel = () => model('PaymentEvent', paymentEventSchema);

export const PaymentEventModel =
  (models.PaymentEvent as ReturnType<typeof createPaymentEventModel> | undefined) ??
  createPaymentEventModel();
