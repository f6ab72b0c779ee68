import { FormModel } from '../models/form.js';
import { InboundEventModel, type TInboundEventDoc } from '../models/inbound-event.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { toObjectId } from './object-id.js';
import { afterFilter, type TPage, type TPageAfter } from './page.js';
import type { TOwnerReader } from './owner-reader.js';
import type { TLeanOf, TRecordOf } from './record-of.js';

/** A received notification as the repository hands it out, derived from the model. */
export type TInboundEventRecord = TRecordOf<TInboundEventDoc> & { id: string };

export type TCreateInboundEventRecord = Pick<
  TInboundEventRecord,
  'submissionId' | 'formId' | 'event' | 'occurredAt' | 'fieldsJson' | 'receiverUserId'
>;

type TLeanInboundEvent = TLeanOf<
  TInboundEventDoc,
  'submissionId' | 'formId' | 'event' | 'occurredAt' | 'fieldsJson' | 'createdAt' | 'receiverUserId'
>;

function toRecord(doc: TLeanInboundEvent): TInboundEventRecord {
  return {
    id: doc._id.toString(),
    submissionId: doc.submissionId,
    formId: doc.formId,
    event: doc.event,
    occurredAt: doc.occurredAt,
    fieldsJson: doc.fieldsJson,
    receiverUserId: doc.receiverUserId ?? null,
    createdAt: doc.createdAt,
  };
}

/** Who may read which events: every event (staff) or those of the forms one owner has. */
export type TInboundEventReader = TOwnerReader;

/** The custom receiver's inbound-event log. */
export const inboundEventRepository = {
  /** Stores the event once per receiver, form and submission; false when it was already recorded. */
  async recordOnce(input: TCreateInboundEventRecord): Promise<boolean> {
    try {
      await InboundEventModel.create({ ...input });

      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) {
        return false;
      }
      throw error;
    }
  },

  /**
   * Newest first. An owner sees what their own receiver took, and what the shared receiver took
   * naming one of their forms (ids held as strings).
   */
  async list({
    reader,
    limit,
    after,
  }: {
    reader: TInboundEventReader;
    limit: number;
    after?: TPageAfter;
  }): Promise<TPage<TInboundEventRecord>> {
    let formFilter = {};
    if (!reader.all) {
      const owner = toObjectId(reader.userId);
      if (!owner) {
        return { items: [], hasMore: false };
      }
      const forms = await FormModel.find({ userId: owner }, { _id: 1 }).lean<{ _id: unknown }[]>();
      formFilter = {
        $or: [
          { receiverUserId: reader.userId },
          { receiverUserId: null, formId: { $in: forms.map((form) => String(form._id)) } },
        ],
      };
    }
    // Both filters may be an `$or`: joined with `$and`, so neither replaces the other.
    const docs = await InboundEventModel.find({
      $and: [formFilter, afterFilter(after, after ? toObjectId(after.id) : null)],
    })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit + 1)
      .lean<TLeanInboundEvent[]>();

    return { items: docs.slice(0, limit).map(toRecord), hasMore: docs.length > limit };
  },
};
