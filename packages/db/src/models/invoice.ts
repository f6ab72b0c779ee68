import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/** A paid provider invoice (`in_…`), recorded when its payment succeeds. */
const invoiceSchema = new Schema(
  {
    providerId: { type: String, required: true },
    subscriptionId: { type: String, default: null },
    customerId: { type: String, default: null },
    userId: { type: Schema.Types.ObjectId, default: null },
    status: { type: String, required: true },
    // In the currency's smallest unit, as the provider states amounts.
    amountPaid: { type: Number, default: 0 },
    currency: { type: String, default: null },
    paidAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'invoices' },
);

invoiceSchema.index({ providerId: 1 }, { unique: true });
invoiceSchema.index({ userId: 1, paidAt: -1 });

export type TInvoiceDoc = InferSchemaType<typeof invoiceSchema>;

const createInvoiceModel = () => model('Invoice', invoiceSchema);

export const InvoiceModel =
  (models.Invoice as ReturnType<typeof createInvoiceModel> | undefined) ?? createInvoiceModel();
