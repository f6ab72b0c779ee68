import type mongoose from 'mongoose';

import { FormStatsDayModel } from '../models/form-stats-day.js';
import { FormStatsQuartersModel } from '../models/form-stats-quarters.js';
import { FormStatsModel } from '../models/form-stats.js';
import { FormModel } from '../models/form.js';
import { SubmissionModel } from '../models/submission.js';
import { statsKey } from './form-stats.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { toObjectId } from './object-id.js';
import { withOwnedIds, type TOwnedIds } from './owned-ids.js';
import { rebuildUntilUnmoved, type TRebuildPass } from './rebuild-until-unmoved.js';
import { statsBucketOf } from './stats-buckets.js';

type TId = mongoose.Types.ObjectId;

type TVersioned = { version?: number };

type TScanned = {
  totals: { total: number; browsers: Record<string, number>; countries: Record<string, number> };
  /** `YYYY-MM` → quarter of the day → submissions. */
  months: Map<string, Record<string, number>>;
  /** `YYYY-MM-DD` → quarter of the day → submissions. */
  days: Map<string, Record<string, number>>;
};

function bump(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}

/**
 * Counters of the form as its stored submissions say they should be. A submission still marked
 * "counters pending" is left out: whoever takes its mark (countPending) adds it afterwards.
 */
async function scanSubmissions(ids: TOwnedIds): Promise<TScanned> {
  const scanned: TScanned = {
    totals: { total: 0, browsers: {}, countries: {} },
    months: new Map(),
    days: new Map(),
  };
  const cursor = SubmissionModel.find(
    // Withheld spam is in no counter until its owner releases it.
    {
      formId: ids.form,
      userId: ids.owner,
      withheld: { $exists: false },
      countersPending: { $exists: false },
    },
    { createdAt: 1, 'meta.browser': 1, 'meta.country': 1 },
  )
    .lean<{ _id: TId; createdAt: Date; meta?: { browser?: string; country?: string } }>()
    .cursor();
  for await (const submission of cursor) {
    const bucket = statsBucketOf(submission.createdAt);
    scanned.totals.total += 1;
    bump(scanned.totals.browsers, statsKey(submission.meta?.browser ?? 'Unknown'));
    bump(scanned.totals.countries, statsKey(submission.meta?.country ?? 'Unknown'));
    for (const [key, map] of [
      [bucket.month, scanned.months],
      [bucket.date, scanned.days],
    ] as const) {
      const slots = map.get(key) ?? {};
      map.set(key, slots);
      bump(slots, String(bucket.slot));
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
  before: TVersioned | null,
  next: Record<string, unknown> | null,
): Promise<boolean> {
  if (!before) {
    if (!next) {
      return true;
    }
    try {
      await collection.insertOne({ ...filter, ...next, version: 1 });

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
  const result = await collection.replaceOne(guard, {
    ...filter,
    ...next,
    version: (before.version ?? 0) + 1,
  });

  return result.modifiedCount === 1;
}

/** Replaces each document of one keyed kind (`month` or `day`) with its scanned slots. */
function replaceKeyed(
  collection: mongoose.Collection,
  owned: Record<string, unknown>,
  field: 'month' | 'day',
  before: (TVersioned & Record<string, unknown>)[],
  scanned: Map<string, Record<string, number>>,
): Promise<boolean>[] {
  const beforeByKey = new Map(before.map((doc) => [String(doc[field]), doc]));
  const keys = new Set([...beforeByKey.keys(), ...scanned.keys()]);

  return [...keys].map((key) => {
    const slots = scanned.get(key);

    return replaceIfUnchanged(
      collection,
      { ...owned, [field]: key },
      beforeByKey.get(key) ?? null,
      slots ? { slots } : null,
    );
  });
}

async function rebuildOnce(ids: TOwnedIds): Promise<TRebuildPass<number>> {
  const owned = { formId: ids.form, userId: ids.owner };
  const versions = (collection: mongoose.Collection, field: string) =>
    collection
      .find<TVersioned & Record<string, unknown>>(owned, { projection: { version: 1, [field]: 1 } })
      .toArray();
  const [totalsBefore, monthsBefore, daysBefore] = await Promise.all([
    FormStatsModel.collection.findOne<TVersioned & { spam?: number }>(owned, {
      projection: { version: 1, spam: 1 },
    }),
    versions(FormStatsQuartersModel.collection, 'month'),
    versions(FormStatsDayModel.collection, 'day'),
  ]);
  const scanned = await scanSubmissions(ids);
  const results = await Promise.all([
    replaceIfUnchanged(FormStatsModel.collection, owned, totalsBefore, {
      ...scanned.totals,
      // The caught-spam count of a database the caught-spam migration has not reached yet (it moves
      // it to the form): it counts submissions never stored, so no scan can recompute it.
      ...(totalsBefore?.spam === undefined ? {} : { spam: totalsBefore.spam }),
    }),
    ...replaceKeyed(FormStatsQuartersModel.collection, owned, 'month', monthsBefore, scanned.months),
    ...replaceKeyed(FormStatsDayModel.collection, owned, 'day', daysBefore, scanned.days),
  ]);

  return results.every(Boolean) ? { moved: false, result: scanned.totals.total } : { moved: true };
}

/**
 * Recomputes a form's analytics counters from its stored submissions, for imports, restores and a
 * change of bucketing. Idempotent, and safe while submissions keep arriving, without transactions:
 * every counter update bumps its document's `version`, and each document is replaced only if its
 * version is still the one read before the scan, so an update that landed during the scan makes the
 * rebuild scan again instead of being overwritten. Submissions still marked "counters pending" are
 * left out: whoever takes the mark counts them afterwards. The form's own counters (its submission
 * and spam counts) are not touched. The gaps, each at the very moment of the replace: a deletion
 * between removing the submission and lowering its counters leaves it counted, and (on a server
 * older than 8.0, where taking a mark and counting are two commands) a submission whose mark was
 * taken but not yet counted is counted twice, until the next rebuild.
 * Returns the number of submissions counted; throws when traffic kept moving for `attempts` scans.
 */
export async function rebuildFormStats({
  userId,
  formId,
  attempts,
}: {
  userId: string;
  formId: string;
  attempts?: number;
}): Promise<number | null> {
  return withOwnedIds({ userId, formId }, null, (ids) =>
    rebuildUntilUnmoved({
      attempts,
      failure: (tries) => `Counters of form ${formId} kept changing during ${tries} rebuild attempts`,
      pass: () => rebuildOnce(ids),
    }),
  );
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
