import {
  ENDPOINT_KINDS,
  WebhookEndpointModel,
  type TWebhookEndpointDoc,
} from '../models/webhook-endpoint.js';
import { toObjectId } from './object-id.js';
import { withOwnedIds } from './owned-ids.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';
import { streamByOwner } from './stream-by-owner.js';

/** An endpoint as the repository hands it out, derived from the model. */
export type TWebhookEndpointRecord = Omit<TRecordOf<TWebhookEndpointDoc>, 'headers' | 'kind'> & {
  id: string;
  kind: TEndpointKind;
  headers: TWebhookHeader[];
};

export type TEndpointKind = (typeof ENDPOINT_KINDS)[number];

/** A stored kind as the record says it: an endpoint from before kinds existed is a plain webhook. */
function kindOf(stored: string | null | undefined): TEndpointKind {
  return ENDPOINT_KINDS.find((kind) => kind === stored) ?? 'webhook';
}

/**
 * The filter on kinds. `webhook` also matches documents without a kind (stored before it existed);
 * no kinds given means every kind.
 */
function kindFilter(kinds: readonly TEndpointKind[] | undefined): Record<string, unknown> {
  if (!kinds) {
    return {};
  }

  return { kind: { $in: kinds.includes('webhook') ? [...kinds, null] : [...kinds] } };
}

/** A custom request header sent with every delivery to the endpoint. */
export type TWebhookHeader = { name: string; value: string };

// Subdocument arrays infer as mongoose documents; read them as the plain pairs they are.
type TLeanEndpoint = Omit<
  TLeanOf<TWebhookEndpointDoc, 'userId' | 'url' | 'enabled' | 'secret' | 'createdAt' | 'updatedAt'>,
  'headers'
> & { headers?: TWebhookHeader[] | null };

function toRecord(doc: TLeanEndpoint): TWebhookEndpointRecord {
  return {
    id: doc._id.toString(),
    formId: doc.formId?.toString() ?? null,
    userId: doc.userId.toString(),
    kind: kindOf(doc.kind),
    url: doc.url,
    description: doc.description ?? '',
    enabled: doc.enabled,
    events: doc.events ?? [],
    secret: doc.secret,
    previousSecret: doc.previousSecret ?? null,
    previousSecretExpiresAt: doc.previousSecretExpiresAt ?? null,
    headers: (doc.headers ?? []).map(({ name, value }) => ({ name, value })),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** Outbound webhook endpoints of a form (minimal; the webhooks feature builds on it). */
export const webhookEndpointRepository = {
  /** Every webhook endpoint of the owner, oldest first, streamed (account export). */
  streamByUser({ userId }: { userId: string }): AsyncGenerator<TWebhookEndpointRecord> {
    return streamByOwner(
      userId,
      (owner) =>
        WebhookEndpointModel.find({ userId: owner })
          .sort({ _id: 1 })
          .lean<TLeanEndpoint[]>()
          .cursor() as AsyncIterable<TLeanEndpoint>,
      toRecord,
    );
  },

  async create(input: {
    userId: string;
    /** Null: a REST hook following every form of the owner. */
    formId: string | null;
    kind?: TEndpointKind;
    url: string;
    description?: string;
    secret: string;
    events?: string[];
    enabled?: boolean;
    headers?: TWebhookHeader[];
  }): Promise<TWebhookEndpointRecord> {
    const doc = await WebhookEndpointModel.create({
      ...input,
      userId: requireObjectId(input.userId),
      formId: input.formId === null ? null : requireObjectId(input.formId),
    });

    return toRecord(doc.toObject());
  },

  /** The form's endpoints of the given kinds (all of them when none are given), newest first. */
  async listByForm({
    userId,
    formId,
    kinds,
  }: {
    userId: string;
    formId: string;
    kinds?: readonly TEndpointKind[];
  }): Promise<TWebhookEndpointRecord[]> {
    return withOwnedIds({ userId, formId }, [], async (ids) => {
      const docs = await WebhookEndpointModel.find({
        formId: ids.form,
        userId: ids.owner,
        ...kindFilter(kinds),
      })
        .sort({ createdAt: -1, _id: -1 })
        .lean<TLeanEndpoint[]>();

      return docs.map(toRecord);
    });
  },

  /**
   * Every endpoint a submission to the form is delivered to: the form's own, and the owner's REST
   * hooks that follow every form.
   */
  async listDeliveryTargets({
    userId,
    formId,
  }: {
    userId: string;
    formId: string;
  }): Promise<TWebhookEndpointRecord[]> {
    return withOwnedIds({ userId, formId }, [], async (ids) => {
      const docs = await WebhookEndpointModel.find({
        userId: ids.owner,
        $or: [{ formId: ids.form }, { formId: null, kind: 'hook' }],
      })
        .sort({ createdAt: -1, _id: -1 })
        .lean<TLeanEndpoint[]>();

      return docs.map(toRecord);
    });
  },

  /** Every endpoint of the owner, of every kind and form (ids and forms only). */
  async listByOwner({ userId }: { userId: string }): Promise<{ id: string; formId: string | null }[]> {
    const owner = toObjectId(userId);
    if (!owner) {
      return [];
    }
    const docs = await WebhookEndpointModel.find({ userId: owner }, { _id: 1, formId: 1 }).lean();

    return docs.map((doc) => ({ id: doc._id.toString(), formId: doc.formId?.toString() ?? null }));
  },

  /** How many REST hooks of the owner follow every form. */
  async countOwnerWideHooks({ userId }: { userId: string }): Promise<number> {
    const owner = toObjectId(userId);

    return owner ? WebhookEndpointModel.countDocuments({ userId: owner, formId: null, kind: 'hook' }) : 0;
  },

  async countByForm({ userId, formId }: { userId: string; formId: string }): Promise<number> {
    return withOwnedIds({ userId, formId }, 0, (ids) =>
      WebhookEndpointModel.countDocuments({ formId: ids.form, userId: ids.owner }),
    );
  },

  async findById({
    userId,
    endpointId,
  }: {
    userId: string;
    endpointId: string;
  }): Promise<TWebhookEndpointRecord | null> {
    const _id = toObjectId(endpointId);
    const owner = toObjectId(userId);
    if (!_id || !owner) {
      return null;
    }
    const doc = await WebhookEndpointModel.findOne({ _id, userId: owner }).lean<TLeanEndpoint>();

    return doc ? toRecord(doc) : null;
  },

  async update({
    userId,
    endpointId,
    set,
  }: {
    userId: string;
    endpointId: string;
    set: Partial<
      Pick<
        TWebhookEndpointRecord,
        | 'url'
        | 'description'
        | 'enabled'
        | 'events'
        | 'headers'
        | 'secret'
        | 'previousSecret'
        | 'previousSecretExpiresAt'
      >
    >;
  }): Promise<TWebhookEndpointRecord | null> {
    const _id = toObjectId(endpointId);
    const owner = toObjectId(userId);
    if (!_id || !owner) {
      return null;
    }
    const doc = await WebhookEndpointModel.findOneAndUpdate(
      { _id, userId: owner },
      { $set: set },
      { returnDocument: 'after' },
    ).lean<TLeanEndpoint>();

    return doc ? toRecord(doc) : null;
  },

  async delete({ userId, endpointId }: { userId: string; endpointId: string }): Promise<boolean> {
    const _id = toObjectId(endpointId);
    const owner = toObjectId(userId);
    if (!_id || !owner) {
      return false;
    }
    const result = await WebhookEndpointModel.deleteOne({ _id, userId: owner });

    return result.deletedCount > 0;
  },

  async deleteByForm({ userId, formId }: { userId: string; formId: string }): Promise<number> {
    return withOwnedIds({ userId, formId }, 0, async (ids) => {
      const result = await WebhookEndpointModel.deleteMany({ formId: ids.form, userId: ids.owner });

      return result.deletedCount;
    });
  },
};
