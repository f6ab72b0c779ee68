import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/** Failed payments before the subscription is canceled. */
export const MAX_PAYMENT_ATTEMPTS = 3;

/**
 * One failed payment of a subscription. The open (unresolved) ones count the attempts of the
 * dunning policy; a successful payment or a resumed subscription resolves them.
 */
const paymentFailureSchema = new Schema(
  {
    subscriptionId: { type: String, required: true },
    invoiceId: { type: String, required: true },
    attemptNumber: { type: Number, required: true, min: 1, max: MAX_PAYMENT_ATTEMPTS },
    resolved: { type: Boolean, default: false, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    // The provider event that recorded it: a retried event finds its failure instead of adding one.
    eventId: { type: String, required: true },
    resolvedAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'payment_failures' },
);

paymentFailureSchema.index({ eventId: 1 }, { unique: true });
paymentFailureSchema.index({ subscriptionId: 1, resolved: 1 });

export type TPaymentFailureDoc = InferSchemaType<typeof paymentFailureSchema>;

const createPaymentFailureModel = () => model('PaymentFailure', paymentFailureSchema);

export const PaymentFailureModel =
  (models.PaymentFailure as ReturnType<typeof createPaymentFailureModel> | undefined) ??
  createPaymentFailureModel();
