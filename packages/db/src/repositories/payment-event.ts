import { randomUUID } from 'node:crypto';

import { PaymentEventModel } from '../models/payment-event.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';

/** A received provider event as stored (the raw body, for replays). */
export type TStoredPaymentEvent = {
  eventId: string;
  type: string;
  occurredAt: Date;
  payload: string;
  status: 'processing' | 'processed' | 'failed';
  outcome: string | null;
  attempts: number;
};

/** `claimed`: this attempt holds the lease. `processed`: done before. `busy`: another attempt holds it. */
export type TClaimResult = { state: 'claimed'; token: string } | { state: 'processed' } | { state: 'busy' };

/** The payment provider's events: idempotency by event id, and the lease of the attempt applying one. */
export const paymentEventRepository = {
  /**
   * Takes the lease of an event for `leaseMs`: a new event is stored with it; a known one is taken
   * over when its last attempt failed or its lease ran out (the attempt crashed). `force` (an
   * operator's replay) also takes a processed one.
   */
  async claim({
    event,
    now,
    leaseMs,
    force = false,
  }: {
    event: Pick<TStoredPaymentEvent, 'eventId' | 'type' | 'occurredAt' | 'payload'>;
    now: Date;
    leaseMs: number;
    force?: boolean;
  }): Promise<TClaimResult> {
    const token = randomUUID();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    try {
      await PaymentEventModel.create({
        ...event,
        status: 'processing',
        leaseToken: token,
        leaseUntil,
        attempts: 1,
      });

      return { state: 'claimed', token };
    } catch (error) {
      if (!isDuplicateKeyError(error)) {
        throw error;
      }
    }
    const takeable: Record<string, unknown>[] = [
      { status: 'failed' },
      { status: 'processing', leaseUntil: { $lte: now } },
    ];
    const taken = await PaymentEventModel.findOneAndUpdate(
      { eventId: event.eventId, $or: force ? [...takeable, { status: 'processed' }] : takeable },
      { $set: { status: 'processing', leaseToken: token, leaseUntil }, $inc: { attempts: 1 } },
      { returnDocument: 'after' },
    ).lean();
    if (taken) {
      return { state: 'claimed', token };
    }
    const current = await PaymentEventModel.findOne({ eventId: event.eventId }, { status: 1 }).lean<{
      status: string;
    }>();

    return current?.status === 'processed' ? { state: 'processed' } : { state: 'busy' };
  },

  /** Marks the event applied, if this attempt still holds its lease; false when it lost it. */
  async finish({
    eventId,
    token,
    outcome,
    now,
  }: {
    eventId: string;
    token: string;
    outcome: string;
    now: Date;
  }): Promise<boolean> {
    const result = await PaymentEventModel.updateOne(
      { eventId, leaseToken: token, status: 'processing' },
      {
        $set: {
          status: 'processed',
          outcome,
          processedAt: now,
          leaseToken: null,
          leaseUntil: null,
          lastError: null,
        },
      },
    );

    return result.modifiedCount > 0;
  },

  /** Gives the lease back after a failed attempt, so the provider's next delivery retries at once. */
  async fail({ eventId, token, error }: { eventId: string; token: string; error: string }): Promise<void> {
    await PaymentEventModel.updateOne(
      { eventId, leaseToken: token, status: 'processing' },
      { $set: { status: 'failed', leaseToken: null, leaseUntil: null, lastError: error.slice(0, 1000) } },
    );
  },

  async findByEventId({ eventId }: { eventId: string }): Promise<TStoredPaymentEvent | null> {
    if (typeof eventId !== 'string') {
      return null;
    }
    const doc = await PaymentEventModel.findOne({ eventId }).lean();

    return doc
      ? {
          eventId: doc.eventId,
          type: doc.type,
          occurredAt: doc.occurredAt,
          payload: doc.payload,
          status: doc.status,
          outcome: doc.outcome ?? null,
          attempts: doc.attempts ?? 0,
        }
      : null;
  },
};
