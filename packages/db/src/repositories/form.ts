import { FormModel, type TFormDoc } from '../models/form.js';
import { initCounter, releaseSlot, takeSlot } from './counter-slot.js';
import { findManyByCommand } from './find-many-command.js';
import { findOneByCommand } from './find-one-command.js';
import { toObjectId } from './object-id.js';
import { withOwnedIds } from './owned-ids.js';
import { requireObjectId } from './require-object-id.js';
import { afterFilter, type TPage, type TPageAfter } from './page.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { streamByOwner } from './stream-by-owner.js';

type TStoredForm = TRecordOf<TFormDoc>;

/**
 * A form as the repository hands it out, derived from the model: `_id` → `id`, defaults filled,
 * `webhookCount` null until initialised (forms older than the counter).
 */
export type TFormRecord = Omit<
  TStoredForm,
  // The notification counters stay inside too: only developerNotificationSlotRepository reads them.
  'notificationHour' | 'notificationsSent' | 'fields' | 'settings' | 'emailSettings' | 'publicSubmissions'
> & {
  id: string;
  /** Validated by core's ZFormFieldSchema on the way in. */
  fields: Record<string, unknown>[];
  settings: NonNullable<TStoredForm['settings']>;
  emailSettings: NonNullable<TStoredForm['emailSettings']>;
  publicSubmissions: TPublicSubmissionsRecord;
};

/** The counters a form keeps of its submissions, which incrementCounts moves together. */
export type TFormCounts = Partial<Record<'submissionCount' | 'caughtSpamCount' | 'spamFolderCount', number>>;

/** The keyless HTML endpoint's settings; `captcha.provider` is one of core's CAPTCHA providers. */
type TPublicSubmissionsRecord = {
  enabled: boolean;
  allowedOrigins: string[];
  captcha: { provider: string; secret: string } | null;
};

// `fields` is a Mixed array to mongoose (core validates it); read it as plain objects.
type TLeanForm = Omit<
  TLeanOf<TFormDoc, 'userId' | 'name' | 'formType' | 'createdAt' | 'updatedAt'>,
  'fields'
> & {
  fields?: Record<string, unknown>[] | null;
};

/** What a forms list shows of each form; a list reads these fields and no more. */
export type TFormSummaryRecord = Pick<
  TFormRecord,
  'id' | 'name' | 'description' | 'formType' | 'submissionCount' | 'createdAt' | 'updatedAt'
>;

/** The projection of a summary: a list decodes (and the server encodes) these fields only. */
const SUMMARY_FIELDS = {
  name: 1,
  description: 1,
  formType: 1,
  submissionCount: 1,
  createdAt: 1,
  updatedAt: 1,
} as const;

type TLeanSummary = Pick<TLeanForm, '_id' | keyof typeof SUMMARY_FIELDS>;

function toSummary(doc: TLeanSummary): TFormSummaryRecord {
  return {
    id: doc._id.toString(),
    name: doc.name,
    description: doc.description ?? '',
    formType: doc.formType,
    submissionCount: doc.submissionCount ?? 0,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** A stored template with its unset parts as null; null when the form has none. */
function toTemplate(
  template: { subject?: string | null; body?: string | null } | null | undefined,
): { subject: string | null; body: string | null } | null {
  return template ? { subject: template.subject ?? null, body: template.body ?? null } : null;
}

function toRecord(doc: TLeanForm): TFormRecord {
  const usersJoined = doc.settings?.usersJoined;
  const email = doc.emailSettings ?? {};
  const publicSubmissions = doc.publicSubmissions;
  const captcha = publicSubmissions?.captcha;

  return {
    ...toSummary(doc),
    userId: doc.userId.toString(),
    fields: doc.fields ?? [],
    settings: { usersJoined: usersJoined ? { enabled: usersJoined.enabled === true } : null },
    emailSettings: {
      enabled: email.enabled === true,
      developerNotificationsEnabled: email.developerNotificationsEnabled === true,
      developerEmail: email.developerEmail ?? null,
      subject: email.subject ?? null,
      replyTo: email.replyTo ?? null,
      confirmUnverified: email.confirmUnverified === true,
      notificationTemplate: toTemplate(email.notificationTemplate),
      confirmationTemplate: toTemplate(email.confirmationTemplate),
    },
    uniqueEmail: doc.uniqueEmail === true,
    publicSubmissions: {
      enabled: publicSubmissions?.enabled === true,
      allowedOrigins: publicSubmissions?.allowedOrigins ?? [],
      captcha:
        captcha?.provider && captcha.secret ? { provider: captcha.provider, secret: captcha.secret } : null,
    },
    retentionDays: doc.retentionDays ?? null,
    spamThreshold: doc.spamThreshold ?? null,
    webhookCount: doc.webhookCount ?? null,
    // Never below zero, whatever a crash between a move and its count (or a count made before the
    // migration that set it) left: a count is shown, and an API answer's count is non-negative.
    caughtSpamCount: Math.max(0, doc.caughtSpamCount ?? 0),
    spamFolderCount: Math.max(0, doc.spamFolderCount ?? 0),
  };
}

/** What the owner may set; the counters and timestamps are the repository's. */
export type TFormWritable = Pick<
  TFormRecord,
  | 'name'
  | 'description'
  | 'formType'
  | 'fields'
  | 'settings'
  | 'emailSettings'
  | 'uniqueEmail'
  | 'retentionDays'
> &
  Partial<Pick<TFormRecord, 'publicSubmissions' | 'spamThreshold'>>;

/** Forms, every query scoped by the owning user. */
export const formRepository = {
  /** Every form of the owner, oldest first, streamed (account export). */
  streamByUser({ userId }: { userId: string }): AsyncGenerator<TFormRecord> {
    return streamByOwner(
      userId,
      (owner) =>
        FormModel.find({ userId: owner })
          .sort({ _id: 1 })
          .lean<TLeanForm[]>()
          .cursor() as AsyncIterable<TLeanForm>,
      toRecord,
    );
  },

  async create({ userId, ...input }: TFormWritable & { userId: string }): Promise<TFormRecord> {
    const doc = await FormModel.create({
      ...input,
      userId: requireObjectId(userId),
      submissionCount: 0,
      caughtSpamCount: 0,
      spamFolderCount: 0,
      webhookCount: 0,
    });

    return toRecord(doc.toObject());
  },

  async findById({ userId, formId }: { userId: string; formId: string }): Promise<TFormRecord | null> {
    return withOwnedIds({ userId, formId }, null, async (ids) => {
      // Straight to the driver as one command (the hot read of GET form and submit).
      const doc = await findOneByCommand<TLeanForm>(FormModel, { _id: ids.form, userId: ids.owner });

      return doc ? toRecord(doc) : null;
    });
  },

  /**
   * A form by id alone, for the keyless HTML endpoint (POST /f/:formId), which knows no owner: the
   * caller answers 404 unless the owner opted the form in. Everything after uses the owner's id.
   */
  async findForPublicSubmit({ formId }: { formId: string }): Promise<TFormRecord | null> {
    const _id = toObjectId(formId);
    if (!_id) {
      return null;
    }
    const doc = await findOneByCommand<TLeanForm>(FormModel, { _id });

    return doc ? toRecord(doc) : null;
  },

  /**
   * Who owns a form, without its content: decides 404 (missing) against 403 (another user's) on the
   * endpoints where the two differ (submit, submissions, users-joined).
   */
  async findOwnerId({ formId }: { formId: string }): Promise<string | null> {
    const _id = toObjectId(formId);
    if (!_id) {
      return null;
    }
    const doc = await FormModel.findById(_id, { userId: 1 }).lean<{ userId: { toString(): string } }>();

    return doc ? doc.userId.toString() : null;
  },

  async list({
    userId,
    limit,
    after,
    onlyIds,
  }: {
    userId: string;
    limit: number;
    after?: TPageAfter;
    /** Narrows the owner's forms to these (a key restricted to some forms lists only them). */
    onlyIds?: readonly string[];
  }): Promise<TPage<TFormSummaryRecord>> {
    const owner = toObjectId(userId);
    if (!owner) {
      return { items: [], hasMore: false };
    }
    const only = onlyIds?.map(toObjectId).filter((id) => id !== null);
    // Straight to the driver as one command (the forms list of the API): the filter holds
    // ObjectIds and Dates already, so mongoose's casting would change nothing. The summary's
    // fields only: decoding each form's fields and settings was the largest share of a list's
    // server CPU.
    const docs = await findManyByCommand<TLeanSummary>(
      FormModel,
      {
        userId: owner,
        ...afterFilter(after, after ? toObjectId(after.id) : null),
        ...(only ? { _id: { $in: only } } : {}),
      },
      { projection: SUMMARY_FIELDS, sort: { createdAt: -1, _id: -1 }, limit: limit + 1 },
    );

    return { items: docs.slice(0, limit).map(toSummary), hasMore: docs.length > limit };
  },

  async count({ userId }: { userId: string }): Promise<number> {
    const owner = toObjectId(userId);

    return owner ? FormModel.countDocuments({ userId: owner }) : 0;
  },

  async update({
    userId,
    formId,
    set,
  }: {
    userId: string;
    formId: string;
    set: Partial<TFormWritable>;
  }): Promise<TFormRecord | null> {
    return withOwnedIds({ userId, formId }, null, async (ids) => {
      const doc = await FormModel.findOneAndUpdate(
        { _id: ids.form, userId: ids.owner },
        { $set: set },
        { returnDocument: 'after' },
      ).lean<TLeanForm>();

      return doc ? toRecord(doc) : null;
    });
  },

  async delete({ userId, formId }: { userId: string; formId: string }): Promise<boolean> {
    return withOwnedIds({ userId, formId }, false, async (ids) => {
      const result = await FormModel.deleteOne({ _id: ids.form, userId: ids.owner });

      return result.deletedCount > 0;
    });
  },

  /** System sweep (no owner): forms with a retention period, in id order, `limit` at a time. */
  async listWithRetention({
    afterId,
    limit,
  }: {
    afterId?: string;
    limit: number;
  }): Promise<{ id: string; userId: string; retentionDays: number }[]> {
    const after = afterId ? toObjectId(afterId) : null;
    const docs = await FormModel.find(
      { retentionDays: { $gt: 0 }, ...(after ? { _id: { $gt: after } } : {}) },
      { userId: 1, retentionDays: 1 },
    )
      .sort({ _id: 1 })
      .limit(limit)
      .lean<{ _id: { toString(): string }; userId: { toString(): string }; retentionDays: number }[]>();

    return docs.map((doc) => ({
      id: doc._id.toString(),
      userId: doc.userId.toString(),
      retentionDays: doc.retentionDays,
    }));
  },

  /** Adds to (or, negative, takes from) the form's counters in one update. */
  async incrementCounts({
    userId,
    formId,
    by,
  }: {
    userId: string;
    formId: string;
    by: TFormCounts;
  }): Promise<void> {
    return withOwnedIds({ userId, formId }, undefined, async (ids) => {
      await FormModel.collection.updateOne(
        { _id: ids.form, userId: ids.owner },
        { $inc: { ...by, countsVersion: 1 } },
      );
    });
  },
  /** One submission answered like a success and never stored (honeypot, failed CAPTCHA). */
  async recordCaughtSpam({ userId, formId }: { userId: string; formId: string }): Promise<void> {
    await formRepository.incrementCounts({ userId, formId, by: { caughtSpamCount: 1 } });
  },

  /** Sets the webhook counter of a form that has none yet (a no-op once set). */
  async initWebhookCount({ userId, formId, value }: { userId: string; formId: string; value: number }) {
    await withOwnedIds({ userId, formId }, undefined, (ids) =>
      initCounter(FormModel.collection, { _id: ids.form, userId: ids.owner }, 'webhookCount', value),
    );
  },

  /** Takes one webhook endpoint slot within `max` (one conditional update; see counter-slot.ts). */
  async reserveWebhookSlot({ userId, formId, max }: { userId: string; formId: string; max: number }) {
    return withOwnedIds({ userId, formId }, false, (ids) =>
      takeSlot(FormModel.collection, { _id: ids.form, userId: ids.owner }, 'webhookCount', max),
    );
  },

  /**
   * A REST hook following every form of the owner was added (`by` 1) or removed (-1): each form's
   * endpoint count follows, so a submit knows there are endpoints to read. Forms whose count was
   * never initialised are left alone (a submit reads their endpoints anyway); a removal never takes a
   * count below 0.
   */
  async shiftWebhookCounts({ userId, by }: { userId: string; by: 1 | -1 }): Promise<void> {
    const owner = toObjectId(userId);
    if (!owner) {
      return;
    }
    const counted = by > 0 ? { $exists: true } : { $gt: 0 };
    await FormModel.updateMany({ userId: owner, webhookCount: counted }, { $inc: { webhookCount: by } });
  },

  /** Adds `by` to a new form's endpoint count: the owner's hooks that follow every form. */
  async addWebhookCount({ userId, formId, by }: { userId: string; formId: string; by: number }) {
    await withOwnedIds({ userId, formId }, undefined, async (ids) => {
      await FormModel.updateOne({ _id: ids.form, userId: ids.owner }, { $inc: { webhookCount: by } });
    });
  },

  async releaseWebhookSlot({ userId, formId }: { userId: string; formId: string }): Promise<void> {
    await withOwnedIds({ userId, formId }, undefined, (ids) =>
      releaseSlot(FormModel.collection, { _id: ids.form, userId: ids.owner }, 'webhookCount'),
    );
  },

  /**
   * Clears the owner's forms' notification address wherever it names someone other than `keep`
   * (compared without case), so their notifications go back to the owner. How many it cleared.
   */
  async clearDeveloperEmailsExcept({ userId, keep }: { userId: string; keep: string }): Promise<number> {
    const owner = requireObjectId(userId);
    const set = await FormModel.find(
      { userId: owner, 'emailSettings.developerEmail': { $ne: null } },
      { 'emailSettings.developerEmail': 1 },
    ).lean<{ _id: unknown; emailSettings?: { developerEmail?: string | null } }[]>();
    const others = set
      .filter((form) => form.emailSettings?.developerEmail?.toLowerCase() !== keep.toLowerCase())
      .map((form) => form._id);
    if (others.length === 0) {
      return 0;
    }
    const { modifiedCount } = await FormModel.updateMany(
      { _id: { $in: others }, userId: owner },
      { $set: { 'emailSettings.developerEmail': null } },
    );

    return modifiedCount;
  },
};
