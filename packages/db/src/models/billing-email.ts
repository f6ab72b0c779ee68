import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

const BILLING_EMAIL_KINDS = [
  'billing.welcome',
  'billing.payment-failed',
  'billing.canceled',
  'billing.reactivated',
] as const;

/**
 * The billing emails' outbox: written while a payment event is applied, handed to the worker
 * afterwards, swept again if that hand-over was lost. One per event and kind, so a retried event
 * never owes a second email.
 */
const billingEmailSchema = new Schema(
  {
    eventId: { type: String, required: true },
    kind: { type: String, enum: BILLING_EMAIL_KINDS, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    status: { type: String, enum: ['pending', 'done'], default: 'pending', required: true },
    plan: { type: String, default: null },
    attemptNumber: { type: Number, default: null },
    nextRetryAt: { type: Date, default: null },
    // Where the email sends its reader: the page to update the card, or to subscribe again.
    actionUrl: { type: String, required: true },
    attempts: { type: Number, default: 0 },
    lastError: { type: String, default: null },
    doneAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'billing_emails' },
);

billingEmailSchema.index({ eventId: 1, kind: 1 }, { unique: true });
billingEmailSchema.index({ status: 1, createdAt: 1 });

export type TBillingEmailDoc = InferSchemaType<typeof billingEmailSchema>;

const createBillingEmailModel = () => model('BillingEmail', billingEmailSchema);

export const BillingEmailModel =
  (models.BillingEmail as ReturnType<typeof createBillingEmailModel> | undefined) ??
  createBillingEmailModel();
