import {
  NotificationRecipientModel,
  type TNotificationRecipientDoc,
} from '../models/notification-recipient.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { toObjectId } from './object-id.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';
import { streamByOwner } from './stream-by-owner.js';

/** An extra recipient as handed out; the confirmation token's hash stays inside. */
export type TNotificationRecipientRecord = Omit<
  TRecordOf<TNotificationRecipientDoc>,
  'confirmTokenHash' | 'purgeAt'
> & { id: string };

type TLeanRecipient = TLeanOf<
  TNotificationRecipientDoc,
  'workspaceId' | 'formId' | 'email' | 'status' | 'createdAt' | 'updatedAt'
>;

/** How long a removed recipient is kept for the worker's log of a notification it skipped. */
const REMOVED_KEPT_MS = 7 * 24 * 3600 * 1000;

function toRecord(doc: TLeanRecipient): TNotificationRecipientRecord {
  return {
    id: doc._id.toString(),
    workspaceId: doc.workspaceId.toString(),
    formId: doc.formId.toString(),
    email: doc.email,
    status: doc.status,
    confirmExpiresAt: doc.confirmExpiresAt ?? null,
    linkSentAt: doc.linkSentAt ?? null,
    confirmedAt: doc.confirmedAt ?? null,
    removedAt: doc.removedAt ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** A fresh confirmation link: its token's hash and expiry. */
type TLink = { tokenHash: string; expiresAt: Date; now: Date };

const linkFields = ({ tokenHash, expiresAt, now }: TLink) => ({
  confirmTokenHash: tokenHash,
  confirmExpiresAt: expiresAt,
  linkSentAt: now,
});

const removedFields = (now: Date) => ({
  status: 'removed' as const,
  removedAt: now,
  purgeAt: new Date(now.getTime() + REMOVED_KEPT_MS),
  confirmTokenHash: null,
  confirmExpiresAt: null,
});

/** Extra recipients of forms' notifications; every query but the link's is scoped by workspace. */
export const notificationRecipientRepository = {
  /** The workspace's pending and confirmed recipients of every form, oldest first (account export). */
  streamByWorkspace({ workspaceId }: { workspaceId: string }): AsyncGenerator<TNotificationRecipientRecord> {
    return streamByOwner(
      workspaceId,
      (workspace) =>
        NotificationRecipientModel.find({ workspaceId: workspace, status: { $ne: 'removed' } })
          .sort({ _id: 1 })
          .lean<TLeanRecipient[]>()
          .cursor() as AsyncIterable<TLeanRecipient>,
      toRecord,
    );
  },

  /** The form's recipients, removed ones included (the worker logs what it skips), oldest first. */
  async listForForm({
    workspaceId,
    formId,
  }: {
    workspaceId: string;
    formId: string;
  }): Promise<TNotificationRecipientRecord[]> {
    const workspace = toObjectId(workspaceId);
    const form = toObjectId(formId);
    if (!workspace || !form) {
      return [];
    }
    const docs = await NotificationRecipientModel.find({ workspaceId: workspace, formId: form })
      .sort({ _id: 1 })
      .lean<TLeanRecipient[]>();

    return docs.map(toRecord);
  },

  /** How many pending or confirmed recipients the form has (what its cap counts). */
  async countActive({ workspaceId, formId }: { workspaceId: string; formId: string }): Promise<number> {
    return NotificationRecipientModel.countDocuments({
      workspaceId: requireObjectId(workspaceId),
      formId: requireObjectId(formId),
      status: { $ne: 'removed' },
    });
  },

  /**
   * Adds an address as pending with its first link, or brings a removed one back as pending.
   * Returns null when the address is already pending or confirmed on the form.
   */
  async addPending({
    workspaceId,
    formId,
    email,
    link,
  }: {
    workspaceId: string;
    formId: string;
    email: string;
    link: TLink;
  }): Promise<TNotificationRecipientRecord | null> {
    const scope = { workspaceId: requireObjectId(workspaceId), formId: requireObjectId(formId), email };
    const revived = await NotificationRecipientModel.findOneAndUpdate(
      { ...scope, status: 'removed' },
      {
        $set: { status: 'pending', ...linkFields(link), confirmedAt: null, removedAt: null, purgeAt: null },
      },
      { returnDocument: 'after' },
    ).lean<TLeanRecipient>();
    if (revived) {
      return toRecord(revived);
    }
    try {
      const created = await NotificationRecipientModel.create({
        ...scope,
        status: 'pending',
        ...linkFields(link),
      });

      return toRecord(created.toObject());
    } catch (error) {
      if (isDuplicateKeyError(error)) {
        return null;
      }
      throw error;
    }
  },

  async findById({
    workspaceId,
    formId,
    recipientId,
  }: {
    workspaceId: string;
    formId: string;
    recipientId: string;
  }): Promise<TNotificationRecipientRecord | null> {
    const id = toObjectId(recipientId);
    const workspace = toObjectId(workspaceId);
    const form = toObjectId(formId);
    if (!id || !workspace || !form) {
      return null;
    }
    const doc = await NotificationRecipientModel.findOne({
      _id: id,
      workspaceId: workspace,
      formId: form,
    }).lean<TLeanRecipient>();

    return doc ? toRecord(doc) : null;
  },

  /** A new link for a pending recipient (the earlier one stops working); null if not pending. */
  async replaceLink({
    workspaceId,
    formId,
    recipientId,
    link,
  }: {
    workspaceId: string;
    formId: string;
    recipientId: string;
    link: TLink;
  }): Promise<TNotificationRecipientRecord | null> {
    const id = toObjectId(recipientId);
    if (!id) {
      return null;
    }
    const doc = await NotificationRecipientModel.findOneAndUpdate(
      {
        _id: id,
        workspaceId: requireObjectId(workspaceId),
        formId: requireObjectId(formId),
        status: 'pending',
      },
      { $set: linkFields(link) },
      { returnDocument: 'after' },
    ).lean<TLeanRecipient>();

    return doc ? toRecord(doc) : null;
  },

  /**
   * Uses a confirmation link: the pending recipient whose unexpired link hashes to `tokenHash`
   * becomes confirmed, and the link is spent. One conditional update, so it works once.
   */
  async confirm({
    tokenHash,
    now,
  }: {
    tokenHash: string;
    now: Date;
  }): Promise<TNotificationRecipientRecord | null> {
    if (typeof tokenHash !== 'string') {
      return null;
    }
    const doc = await NotificationRecipientModel.findOneAndUpdate(
      { confirmTokenHash: tokenHash, status: 'pending', confirmExpiresAt: { $gt: now } },
      { $set: { status: 'confirmed', confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null } },
      { returnDocument: 'after' },
    ).lean<TLeanRecipient>();

    return doc ? toRecord(doc) : null;
  },

  /**
   * Marks a recipient removed (an admin's removal, scoped by workspace and form, or an unsubscribe
   * link, which names the recipient alone). Null when there is none, or it was removed already.
   */
  async remove({
    recipientId,
    scope,
    now,
  }: {
    recipientId: string;
    scope: { workspaceId: string; formId: string } | null;
    now: Date;
  }): Promise<TNotificationRecipientRecord | null> {
    const id = toObjectId(recipientId);
    if (!id) {
      return null;
    }
    const owned = scope
      ? { workspaceId: requireObjectId(scope.workspaceId), formId: requireObjectId(scope.formId) }
      : {};
    const doc = await NotificationRecipientModel.findOneAndUpdate(
      { _id: id, ...owned, status: { $ne: 'removed' } },
      { $set: removedFields(now) },
      { returnDocument: 'after' },
    ).lean<TLeanRecipient>();

    return doc ? toRecord(doc) : null;
  },

  /** Marks every recipient of the workspace's forms removed; how many were not removed yet. */
  async removeAllOfWorkspace({ workspaceId, now }: { workspaceId: string; now: Date }): Promise<number> {
    const { modifiedCount } = await NotificationRecipientModel.updateMany(
      { workspaceId: requireObjectId(workspaceId), status: { $ne: 'removed' } },
      { $set: removedFields(now) },
    );

    return modifiedCount;
  },

  /** Deletes one just added (it went past the form's cap in a race): no trace is kept. */
  async discard({ recipientId }: { recipientId: string }): Promise<void> {
    await NotificationRecipientModel.deleteOne({ _id: requireObjectId(recipientId) });
  },

  /** Forgets a form's recipients (the form is deleted). */
  async removeForForm({ workspaceId, formId }: { workspaceId: string; formId: string }): Promise<void> {
    const workspace = toObjectId(workspaceId);
    const form = toObjectId(formId);
    if (workspace && form) {
      await NotificationRecipientModel.deleteMany({ workspaceId: workspace, formId: form });
    }
  },
};
