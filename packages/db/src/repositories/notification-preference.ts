import {
  NotificationPreferenceModel,
  type TNotificationPreferenceDoc,
} from '../models/notification-preference.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';
import { toObjectId } from './object-id.js';

export type TNotificationMode = TNotificationPreferenceDoc['mode'];

export type TNotificationPreferenceRecord = Pick<
  TRecordOf<TNotificationPreferenceDoc>,
  'workspaceId' | 'formId' | 'userId' | 'mode'
>;

type TLeanPreference = TLeanOf<TNotificationPreferenceDoc, 'workspaceId' | 'formId' | 'userId' | 'mode'>;

function toRecord(doc: TLeanPreference): TNotificationPreferenceRecord {
  return {
    workspaceId: doc.workspaceId.toString(),
    formId: doc.formId.toString(),
    userId: doc.userId.toString(),
    mode: doc.mode,
  };
}

/** Members' notification choices per form, every query scoped by the workspace. */
export const notificationPreferenceRepository = {
  /** Stores one member's choice for one form (replacing an earlier one). */
  async set({ workspaceId, formId, userId, mode }: TNotificationPreferenceRecord): Promise<void> {
    const filter = { formId: requireObjectId(formId), userId: requireObjectId(userId) };
    await NotificationPreferenceModel.updateOne(
      { ...filter, workspaceId: requireObjectId(workspaceId) },
      { $set: { mode }, $setOnInsert: { ...filter, workspaceId: requireObjectId(workspaceId) } },
      { upsert: true },
    );
  },

  /** The stored choices of one form's members. */
  async listForForm({
    workspaceId,
    formId,
  }: {
    workspaceId: string;
    formId: string;
  }): Promise<TNotificationPreferenceRecord[]> {
    const workspace = toObjectId(workspaceId);
    const form = toObjectId(formId);
    if (!workspace || !form) {
      return [];
    }
    const docs = await NotificationPreferenceModel.find({ workspaceId: workspace, formId: form }).lean<
      TLeanPreference[]
    >();

    return docs.map(toRecord);
  },

  /** Every choice of one digest cadence, across workspaces (the digest run fans out from these). */
  async listByMode({ mode }: { mode: 'hourly' | 'daily' }): Promise<TNotificationPreferenceRecord[]> {
    const docs = await NotificationPreferenceModel.find({ mode })
      .sort({ formId: 1, userId: 1 })
      .lean<TLeanPreference[]>();

    return docs.map(toRecord);
  },

  /** Forgets a form's choices (the form is deleted). */
  async removeForForm({ workspaceId, formId }: { workspaceId: string; formId: string }): Promise<void> {
    const workspace = toObjectId(workspaceId);
    const form = toObjectId(formId);
    if (workspace && form) {
      await NotificationPreferenceModel.deleteMany({ workspaceId: workspace, formId: form });
    }
  },
};
