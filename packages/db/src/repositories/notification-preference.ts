import {
  NotificationPreferenceModel,
  type TNotificationPreferenceDoc,
} from '../models/notification-preference.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';
import { toObjectId } from './object-id.js';

export type TNotificationMode = TNotificationPreferenceDoc['mode'];

const DIGESTS = ['hourly', 'daily'] as const satisfies TNotificationMode[];

type TDigestCadenceName = (typeof DIGESTS)[number];

export type TNotificationPreferenceRecord = Pick<
  TRecordOf<TNotificationPreferenceDoc>,
  'workspaceId' | 'formId' | 'userId' | 'mode'
> & { leftDigestAt: Record<TDigestCadenceName, Date | null> };

type TLeanPreference = TLeanOf<TNotificationPreferenceDoc, 'workspaceId' | 'formId' | 'userId' | 'mode'>;

function toRecord(doc: TLeanPreference): TNotificationPreferenceRecord {
  return {
    workspaceId: doc.workspaceId.toString(),
    formId: doc.formId.toString(),
    userId: doc.userId.toString(),
    mode: doc.mode,
    leftDigestAt: { hourly: doc.leftDigestAt?.hourly ?? null, daily: doc.leftDigestAt?.daily ?? null },
  };
}

/**
 * The pipeline stage that stores a new choice: a move from a digest to `instant` or to the other
 * digest also stamps, in the same write, when the member left that digest (read from the stored
 * mode, so two changes at once cannot lose the stamp). A move to `off` stamps nothing: the member
 * asked for no more mail.
 */
function setModeStage(mode: TNotificationMode, now: Date) {
  const stamps = Object.fromEntries(
    DIGESTS.map((cadence) => {
      const kept = { $ifNull: [`$leftDigestAt.${cadence}`, null] };
      const stamp =
        mode !== 'off' && mode !== cadence
          ? { $cond: [{ $eq: ['$mode', cadence] }, { $literal: now }, kept] }
          : kept;

      return [`leftDigestAt.${cadence}`, stamp];
    }),
  );

  return {
    $set: {
      ...stamps,
      mode: { $literal: mode },
      createdAt: { $ifNull: ['$createdAt', { $literal: now }] },
      updatedAt: { $literal: now },
    },
  };
}

/** Members' notification choices per form, every query scoped by the workspace. */
export const notificationPreferenceRepository = {
  /** Stores one member's choice for one form (replacing an earlier one). */
  async set({
    workspaceId,
    formId,
    userId,
    mode,
    now = new Date(),
  }: Pick<TNotificationPreferenceRecord, 'workspaceId' | 'formId' | 'userId' | 'mode'> & {
    now?: Date;
  }): Promise<void> {
    // An upsert copies the filter's ids into a new document; the pipeline sees it with no mode yet.
    await NotificationPreferenceModel.collection.updateOne(
      {
        formId: requireObjectId(formId),
        userId: requireObjectId(userId),
        workspaceId: requireObjectId(workspaceId),
      },
      [setModeStage(mode, now)],
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

  /**
   * Every choice on one digest cadence, across workspaces, and every one that left it for
   * `instant` or the other digest after `since` (the digest run fans out from these).
   */
  async listDigestReaders({
    cadence,
    since,
  }: {
    cadence: TDigestCadenceName;
    since: Date;
  }): Promise<TNotificationPreferenceRecord[]> {
    const docs = await NotificationPreferenceModel.find({
      $or: [{ mode: cadence }, { [`leftDigestAt.${cadence}`]: { $gt: since } }],
    })
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
