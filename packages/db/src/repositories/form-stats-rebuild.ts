import type mongoose from 'mongoose';

import { FormStatsMonthModel } from '../models/form-stats-month.js';
import { FormStatsModel } from '../models/form-stats.js';
import { FormModel } from '../models/form.js';
import { SubmissionModel } from '../models/submission.js';
import { COUNTED_IDS_KEPT } from './count-once.js';
import { statsKey } from './form-stats.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { toObjectId } from './object-id.js';
import { withOwnedIds, type TOwnedIds } from './owned-ids.js';
import { emptyDays, statsBucketOf } from './stats-buckets.js';

type TId = mongoose.Types.ObjectId;

type TCounted = { version?: number; countedIds?: TId[] };

type TScanned = {
  totals: {
    total: number;
    browsers: Record<string, number>;
    countries: Record<string, number>;
    quarterOfDay: Record<string, Record<string, number>>;
  };
  months: Map<string, { days: number[][] }>;
  /** Submissions whose counting is still pending, per document (`''` = the totals document). */
  pending: Map<string, TId[]>;
};

function bump(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}

/** Counters of the form as its stored submissions say they should be. */
async function scanSubmissions(ids: TOwnedIds): Promise<TScanned> {
  const scanned: TScanned = {
    totals: { total: 0, browsers: {}, countries: {}, quarterOfDay: {} },
    months: new Map(),
    pending: new Map([['', []]]),
  };
  const cursor = SubmissionModel.find(
    // Withheld spam is in no counter until its owner releases it.
    { formId: ids.form, userId: ids.owner, withheld: { $exists: false } },
    { createdAt: 1, 'meta.browser': 1, 'meta.country': 1, countersPending: 1 },
  )
    .lean<{
      _id: TId;
      createdAt: Date;
      meta?: { browser?: string; country?: string };
      countersPending?: boolean;
    }>()
    .cursor();
  for await (const submission of cursor) {
    const bucket = statsBucketOf(submission.createdAt);
    scanned.totals.total += 1;
    bump(scanned.totals.browsers, statsKey(submission.meta?.browser ?? 'Unknown'));
    bump(scanned.totals.countries, statsKey(submission.meta?.country ?? 'Unknown'));
    let month = scanned.months.get(bucket.month);
    if (!month) {
      month = { days: emptyDays(bucket.month) };
      scanned.months.set(bucket.month, month);
      scanned.totals.quarterOfDay[bucket.month] = {};
    }
    const day = month.days[bucket.day];
    if (day) {
      day[bucket.slot] = (day[bucket.slot] ?? 0) + 1;
    }
    bump(scanned.totals.quarterOfDay[bucket.month] ?? {}, bucket.quarterOfDay);
    if (submission.countersPending === true) {
      scanned.pending.get('')?.push(submission._id);
      scanned.pending.set(bucket.month, [...(scanned.pending.get(bucket.month) ?? []), submission._id]);
    }
  }

  return scanned;
}

/**
 * Writes `next` over the document read as `before`, only if no counter update touched it since
 * (its version is unchanged). False when something moved: the caller scans again.
 */
async function replaceIfUnchanged(
  collection: mongoose.Collection,
  filter: Record<string, unknown>,
  before: TCounted | null,
  next: Record<string, unknown> | null,
  pending: TId[],
): Promise<boolean> {
  if (!before) {
    if (!next) {
      return true;
    }
    try {
      await collection.insertOne({ ...filter, ...next, version: 1, countedIds: pending });

      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) {
        return false;
      }
      throw error;
    }
  }
  const guard = { ...filter, version: before.version ?? { $exists: false } };
  if (!next) {
    return (await collection.deleteOne(guard)).deletedCount === 1;
  }
  // Ids counted by earlier updates stay remembered, plus the scanned submissions whose own update
  // is still to come: that update then finds its id and adds nothing (count-once).
  const countedIds = [...(before.countedIds ?? []).slice(-COUNTED_IDS_KEPT), ...pending];
  const result = await collection.replaceOne(guard, {
    ...filter,
    ...next,
    version: (before.version ?? 0) + 1,
    countedIds,
  });

  return result.modifiedCount === 1;
}

async function rebuildOnce(ids: TOwnedIds): Promise<{ submissions: number; done: boolean }> {
  const owned = { formId: ids.form, userId: ids.owner };
  const projection = { version: 1, countedIds: 1, month: 1 };
  const [totalsBefore, monthsBefore] = await Promise.all([
    FormStatsModel.collection.findOne<TCounted & { spam?: number }>(owned, {
      projection: { ...projection, spam: 1 },
    }),
    FormStatsMonthModel.collection.find<TCounted & { month: string }>(owned, { projection }).toArray(),
  ]);
  const scanned = await scanSubmissions(ids);
  const beforeByMonth = new Map(monthsBefore.map((doc) => [doc.month, doc]));
  const months = new Set([...beforeByMonth.keys(), ...scanned.months.keys()]);
  const writes = [
    replaceIfUnchanged(
      FormStatsModel.collection,
      owned,
      totalsBefore,
      { ...scanned.totals, spam: totalsBefore?.spam ?? 0 },
      scanned.pending.get('') ?? [],
    ),
    ...[...months].map((month) =>
      replaceIfUnchanged(
        FormStatsMonthModel.collection,
        { ...owned, month },
        beforeByMonth.get(month) ?? null,
        scanned.months.get(month) ?? null,
        scanned.pending.get(month) ?? [],
      ),
    ),
  ];
  const results = await Promise.all(writes);

  return { submissions: scanned.totals.total, done: results.every(Boolean) };
}

/**
 * Recomputes a form's analytics counters from its stored submissions, for imports, restores and a
 * change of bucketing. Idempotent, and safe while submissions keep arriving, without transactions:
 * every counter update bumps its document's `version`, and each document is replaced only if its
 * version is still the one read before the scan, so an update that landed during the scan makes the
 * rebuild scan again instead of being overwritten. Scanned submissions whose own counter update has
 * not run yet are recorded as counted, so that update adds nothing. Spam counts are kept (no
 * submission is stored for spam). The one gap: a deletion between removing the submission and
 * lowering its counters, at the very moment of the replace, leaves it counted until the next rebuild.
 * Returns the number of submissions counted; throws when traffic kept moving for `attempts` scans.
 */
export async function rebuildFormStats({
  userId,
  formId,
  attempts = 10,
}: {
  userId: string;
  formId: string;
  attempts?: number;
}): Promise<number | null> {
  return withOwnedIds({ userId, formId }, null, async (ids) => {
    for (let attempt = 0; attempt < attempts; attempt++) {
      const { submissions, done } = await rebuildOnce(ids);
      if (done) {
        return submissions;
      }
    }
    throw new Error(`Counters of form ${formId} kept changing during ${attempts} rebuild attempts`);
  });
}

/** Every form, or the one with `formId` (none when it does not exist), as `{userId, formId}`. */
export async function listFormOwners({ formId }: { formId?: string } = {}): Promise<
  { userId: string; formId: string }[]
> {
  if (formId !== undefined && !toObjectId(formId)) {
    return [];
  }
  const filter = formId === undefined ? {} : { _id: toObjectId(formId) };
  const forms = await FormModel.find(filter, { _id: 1, userId: 1 }).lean<{ _id: TId; userId: TId }[]>();

  return forms.map((form) => ({ userId: form.userId.toString(), formId: form._id.toString() }));
}
