import { InboundReceiverModel } from '../models/inbound-receiver.js';
import { toObjectId } from './object-id.js';

/** An owner's custom receiver as the repository hands it out. */
export type TInboundReceiverRecord = { userId: string; receiverId: string; secret: string };

type TLeanReceiver = { userId: unknown; receiverId: string; secret: string };

function toRecord(doc: TLeanReceiver): TInboundReceiverRecord {
  return { userId: String(doc.userId), receiverId: doc.receiverId, secret: doc.secret };
}

/** The owners' own custom receivers (one each). */
export const inboundReceiverRepository = {
  async findByUser({ userId }: { userId: string }): Promise<TInboundReceiverRecord | null> {
    const owner = toObjectId(userId);
    const doc = owner ? await InboundReceiverModel.findOne({ userId: owner }).lean<TLeanReceiver>() : null;

    return doc ? toRecord(doc) : null;
  },

  async findByReceiverId({ receiverId }: { receiverId: string }): Promise<TInboundReceiverRecord | null> {
    const doc = await InboundReceiverModel.findOne({ receiverId }).lean<TLeanReceiver>();

    return doc ? toRecord(doc) : null;
  },

  /**
   * The owner's receiver, made with `fresh` when there is none; with `replaceSecret` the secret is
   * replaced (rotation) and the receiver id kept. One conditional upsert: two first uses at once
   * make one receiver.
   */
  async upsert({
    userId,
    fresh,
    replaceSecret,
  }: {
    userId: string;
    fresh: { receiverId: string; secret: string };
    replaceSecret: boolean;
  }): Promise<TInboundReceiverRecord> {
    const owner = toObjectId(userId);
    if (!owner) {
      throw new Error('malformed user id');
    }
    const doc = await InboundReceiverModel.findOneAndUpdate(
      { userId: owner },
      replaceSecret
        ? { $set: { secret: fresh.secret }, $setOnInsert: { receiverId: fresh.receiverId } }
        : { $setOnInsert: { receiverId: fresh.receiverId, secret: fresh.secret } },
      { upsert: true, returnDocument: 'after' },
    ).lean<TLeanReceiver>();
    if (!doc) {
      throw new Error('the receiver upsert answered no document');
    }

    return toRecord(doc);
  },
};
