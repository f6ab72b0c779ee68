import { WebhookDeliveryModel, type TWebhookDeliveryDoc } from '../models/webhook-delivery.js';
import { toObjectId } from './object-id.js';
import { afterFilter, type TPage, type TPageAfter } from './page.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';
import { streamByOwner } from './stream-by-owner.js';

/** A delivery attempt as the repository hands it out, derived from the model. */
export type TWebhookDeliveryRecord = TRecordOf<TWebhookDeliveryDoc> & { id: string };

export type TCreateWebhookDeliveryRecord = Omit<TWebhookDeliveryRecord, 'id'>;

type TLeanDelivery = TLeanOf<
  TWebhookDeliveryDoc,
  | 'userId'
  | 'formId'
  | 'endpointId'
  | 'webhookId'
  | 'event'
  | 'attempt'
  | 'status'
  | 'durationMs'
  | 'url'
  | 'createdAt'
>;

function toRecord(doc: TLeanDelivery): TWebhookDeliveryRecord {
  return {
    id: doc._id.toString(),
    userId: doc.userId.toString(),
    formId: doc.formId.toString(),
    endpointId: doc.endpointId.toString(),
    submissionId: doc.submissionId ? doc.submissionId.toString() : null,
    webhookId: doc.webhookId,
    event: doc.event,
    attempt: doc.attempt,
    status: doc.status,
    httpStatus: doc.httpStatus ?? null,
    durationMs: doc.durationMs,
    responseBody: doc.responseBody ?? null,
    error: doc.error ?? null,
    test: doc.test === true,
    url: doc.url,
    createdAt: doc.createdAt,
  };
}

/** The delivery log of outbound webhooks; reads are scoped by owner and endpoint. */
export const webhookDeliveryRepository = {
  /** Every webhook delivery attempt of the owner, oldest first, streamed (account export). */
  streamByUser({ userId }: { userId: string }): AsyncGenerator<TWebhookDeliveryRecord> {
    return streamByOwner(
      userId,
      (owner) =>
        WebhookDeliveryModel.find({ userId: owner })
          .sort({ _id: 1 })
          .lean<TLeanDelivery[]>()
          .cursor() as AsyncIterable<TLeanDelivery>,
      toRecord,
    );
  },

  async create(input: TCreateWebhookDeliveryRecord): Promise<TWebhookDeliveryRecord> {
    const doc = await WebhookDeliveryModel.create({
      ...input,
      userId: requireObjectId(input.userId),
      formId: requireObjectId(input.formId),
      endpointId: requireObjectId(input.endpointId),
      submissionId: input.submissionId === null ? null : requireObjectId(input.submissionId),
    });

    return toRecord(doc.toObject());
  },

  /** The endpoint's attempts, newest first, one keyset page. */
  async listByEndpoint({
    userId,
    endpointId,
    limit,
    after,
  }: {
    userId: string;
    endpointId: string;
    limit: number;
    after?: TPageAfter;
  }): Promise<TPage<TWebhookDeliveryRecord>> {
    const owner = toObjectId(userId);
    const endpoint = toObjectId(endpointId);
    if (!owner || !endpoint) {
      return { items: [], hasMore: false };
    }
    const docs = await WebhookDeliveryModel.find({
      endpointId: endpoint,
      userId: owner,
      ...afterFilter(after, after ? toObjectId(after.id) : null),
    })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit + 1)
      .lean<TLeanDelivery[]>();

    return { items: docs.slice(0, limit).map(toRecord), hasMore: docs.length > limit };
  },

  async findById({
    userId,
    deliveryId,
  }: {
    userId: string;
    deliveryId: string;
  }): Promise<TWebhookDeliveryRecord | null> {
    const _id = toObjectId(deliveryId);
    const owner = toObjectId(userId);
    if (!_id || !owner) {
      return null;
    }
    const doc = await WebhookDeliveryModel.findOne({ _id, userId: owner }).lean<TLeanDelivery>();

    return doc ? toRecord(doc) : null;
  },

  /** How many attempts this event has had at this endpoint (the next attempt's number minus one). */
  async countAttempts({ endpointId, webhookId }: { endpointId: string; webhookId: string }): Promise<number> {
    return WebhookDeliveryModel.countDocuments({ endpointId: requireObjectId(endpointId), webhookId });
  },

  /**
   * Start of the endpoint's current run of failures: its first failed attempt after its latest
   * success (null when the latest attempt succeeded or there is none).
   */
  async failingSince({ endpointId }: { endpointId: string }): Promise<Date | null> {
    const endpoint = requireObjectId(endpointId);
    const lastSuccess = await WebhookDeliveryModel.findOne({ endpointId: endpoint, status: 'success' })
      .sort({ createdAt: -1 })
      .lean<TLeanDelivery>();
    const firstFailure = await WebhookDeliveryModel.findOne({
      endpointId: endpoint,
      status: 'failed',
      ...(lastSuccess ? { createdAt: { $gt: lastSuccess.createdAt } } : {}),
    })
      .sort({ createdAt: 1 })
      .lean<TLeanDelivery>();

    return firstFailure?.createdAt ?? null;
  },
};
