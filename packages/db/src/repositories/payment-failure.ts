import { PaymentFailureModel, type TPaymentFailureDoc } from '../models/payment-failure.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import type { TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';

export type TPaymentFailureRecord = Pick<
  TRecordOf<TPaymentFailureDoc>,
  'subscriptionId' | 'invoiceId' | 'attemptNumber' | 'resolved' | 'eventId'
>;

const FIELDS = { subscriptionId: 1, invoiceId: 1, attemptNumber: 1, resolved: 1, eventId: 1 } as const;

/** Failed payments of subscriptions (the dunning policy's attempt count). */
export const paymentFailureRepository = {
  /** The failure an event recorded already (a retried or replayed event). */
  async findByEvent({ eventId }: { eventId: string }): Promise<TPaymentFailureRecord | null> {
    return PaymentFailureModel.findOne({ eventId }, FIELDS).lean<TPaymentFailureRecord>();
  },

  async countOpen({ subscriptionId }: { subscriptionId: string }): Promise<number> {
    return PaymentFailureModel.countDocuments({ subscriptionId, resolved: false });
  },

  /** Records one failure per event; a repeat answers the one recorded first. */
  async record(
    input: Omit<TPaymentFailureRecord, 'resolved'> & { userId: string },
  ): Promise<TPaymentFailureRecord> {
    try {
      await PaymentFailureModel.create({ ...input, userId: requireObjectId(input.userId) });

      return { ...input, resolved: false };
    } catch (error) {
      const existing = isDuplicateKeyError(error) ? await this.findByEvent({ eventId: input.eventId }) : null;
      if (!existing) {
        throw error;
      }

      return existing;
    }
  },

  /** Closes the open failures (paid or resumed): the next failure starts again at attempt 1. */
  async resolveOpen({ subscriptionId, now }: { subscriptionId: string; now: Date }): Promise<number> {
    const result = await PaymentFailureModel.updateMany(
      { subscriptionId, resolved: false },
      { $set: { resolved: true, resolvedAt: now } },
    );

    return result.modifiedCount;
  },
};
