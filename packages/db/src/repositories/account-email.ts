import { AccountEmailModel, type TAccountEmailDoc } from '../models/account-email.js';
import { toObjectId } from './object-id.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';

export type TAccountEmailRecord = TRecordOf<TAccountEmailDoc> & { id: string };

type TLeanAccountEmail = TLeanOf<
  TAccountEmailDoc,
  'kind' | 'ownerId' | 'to' | 'subject' | 'text' | 'html' | 'expiresAt' | 'createdAt'
>;

function toRecord(doc: TLeanAccountEmail): TAccountEmailRecord {
  return {
    id: doc._id.toString(),
    kind: doc.kind,
    ownerId: doc.ownerId.toString(),
    to: doc.to,
    subject: doc.subject,
    text: doc.text,
    html: doc.html,
    expiresAt: doc.expiresAt,
    createdAt: doc.createdAt,
  };
}

/** Account mail waiting for the worker (see the model). */
export const accountEmailRepository = {
  async create(input: Omit<TAccountEmailRecord, 'id' | 'createdAt'>): Promise<TAccountEmailRecord> {
    const doc = await AccountEmailModel.create({ ...input, ownerId: requireObjectId(input.ownerId) });

    return toRecord(doc.toObject());
  },

  async findById({ emailId }: { emailId: string }): Promise<TAccountEmailRecord | null> {
    const _id = toObjectId(emailId);
    if (!_id) {
      return null;
    }
    const doc = await AccountEmailModel.findById(_id).lean<TLeanAccountEmail>();

    return doc ? toRecord(doc) : null;
  },

  async delete({ emailId }: { emailId: string }): Promise<void> {
    const _id = toObjectId(emailId);
    if (_id) {
      await AccountEmailModel.deleteOne({ _id });
    }
  },
};
