import mongoose from 'mongoose';

const { model, models, Schema } = mongoose;

/**
 * An owner's own custom receiver: the public id in its URL (`/api/webhooks/custom/<receiverId>`)
 * and the secret its senders sign with. One per owner, made on first use.
 */
const inboundReceiverSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    receiverId: { type: String, required: true },
    secret: { type: String, required: true },
  },
  { timestamps: true, collection: 'inbound_receivers' },
);

inboundReceiverSchema.index({ userId: 1 }, { unique: true });
inboundReceiverSchema.index({ receiverId: 1 }, { unique: true });

const createInboundReceiverModel = () => model('InboundReceiver', inboundReceiverSchema);

export const InboundReceiverModel =
  (models.InboundReceiver as ReturnType<typeof createInboundReceiverModel> | undefined) ??
  createInboundReceiverModel();
