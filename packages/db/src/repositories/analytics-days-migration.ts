import type mongoose from 'mongoose';

import { FormStatsDayModel } from '../models/form-stats-day.js';
import { FormStatsQuartersModel } from '../models/form-stats-quarters.js';
import { FormStatsModel } from '../models/form-stats.js';
import { FormModel } from '../models/form.js';
import { SubmissionModel } from '../models/submission.js';
import { statsKey } from './form-stats.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { emptyDays, quarterOfDayMinutes, statsBucketOf } from './stats-buckets.js';

type TId = mongoose.Types.ObjectId;

/** The collection of the month documents this migration converts (no model reads it any more). */
export const LEGACY_MONTHS_COLLECTION = 'form_stats_month_days';

/** How many submission ids the former counters remembered, and how long a submit could take. */
const LEGACY_IDS_KEPT = 200;
const LEGACY_SUBMIT_BOUND_SECONDS = 5 * 60;

type TLegacyMonth = { _id: TId; formId: TId; userId: TId; month: string; days?: number[][] };
type TRemembered = { countedIds?: TId[] };

const legacyMonths = () => FormStatsModel.db.collection(LEGACY_MONTHS_COLLECTION);

/**
 * Whether a former counter document counts `id`, as the former code decided it: its remembered ids
 * hold it, or they no longer cover the time it was created (a busy form pushed it out; counting it
 * again could count it twice, so it is taken as counted).
 */
function countedIn(doc: TRemembered | null, id: TId): boolean {
  const ids = doc?.countedIds ?? [];
  if (ids.some((counted) => counted.equals(id))) {
    return true;
  }
  const oldest = ids[0];
  const covers =
    ids.length < LEGACY_IDS_KEPT ||
    (oldest !== undefined &&
      oldest.getTimestamp().getTime() < id.getTimestamp().getTime() - LEGACY_SUBMIT_BOUND_SECONDS * 1000);

  return !covers;
}

/** The former count-once write: `$inc` unless `id` is remembered, remembering it in the same update. */
async function countOnceLegacy(
  collection: mongoose.mongo.Collection,
  filter: Record<string, unknown>,
  id: TId,
  inc: Record<string, number>,
): Promise<void> {
  await collection.updateOne({ ...filter, countedIds: { $ne: id } }, {
    $inc: inc,
    $push: { countedIds: { $each: [id], $slice: -LEGACY_IDS_KEPT } },
  } as unknown as mongoose.mongo.UpdateFilter<mongoose.mongo.Document>);
}

/**
 * Step 1: submissions the former code left marked "counters pending" (a submit or release cut
 * short) get the counts the former counters' remembered ids say they miss, the former way, and lose
 * the mark. Under the new code a mark means "counted nowhere yet", which is not what it meant.
 */
async function settleLegacyMarks(): Promise<number> {
  let settled = 0;
  const marked = SubmissionModel.collection.find<{
    _id: TId;
    formId: TId;
    userId: TId;
    createdAt: Date;
    meta?: { browser?: string; country?: string };
  }>({ countersPending: true });
  for await (const submission of marked) {
    const { _id: id, formId, userId } = submission;
    const bucket = statsBucketOf(submission.createdAt);
    const monthFilter = { formId, userId, month: bucket.month };
    const [form, totals, month] = await Promise.all([
      FormModel.collection.findOne<TRemembered>({ _id: formId, userId }, { projection: { countedIds: 1 } }),
      FormStatsModel.collection.findOne<TRemembered>({ formId, userId }, { projection: { countedIds: 1 } }),
      legacyMonths().findOne<TRemembered>(monthFilter, { projection: { countedIds: 1 } }),
    ]);
    const writes: Promise<unknown>[] = [];
    if (form && !countedIn(form, id)) {
      writes.push(
        countOnceLegacy(FormModel.collection, { _id: formId, userId }, id, {
          submissionCount: 1,
          countsVersion: 1,
        }),
      );
    }
    if (!countedIn(totals, id)) {
      await FormStatsModel.collection
        .insertOne({ formId, userId, total: 0, browsers: {}, countries: {}, quarterOfDay: {}, spam: 0 })
        .catch(ignoreDuplicate);
      writes.push(
        countOnceLegacy(FormStatsModel.collection, { formId, userId }, id, {
          total: 1,
          version: 1,
          [`browsers.${statsKey(submission.meta?.browser ?? 'Unknown')}`]: 1,
          [`countries.${statsKey(submission.meta?.country ?? 'Unknown')}`]: 1,
          [`quarterOfDay.${bucket.month}.${bucket.quarterOfDay}`]: 1,
        }),
      );
    }
    if (!countedIn(month, id)) {
      await legacyMonths()
        .insertOne({ ...monthFilter, days: emptyDays(bucket.month), version: 0 })
        .catch(ignoreDuplicate);
      writes.push(
        countOnceLegacy(legacyMonths(), monthFilter, id, {
          version: 1,
          [`days.${bucket.day}.${bucket.slot}`]: 1,
        }),
      );
    }
    await Promise.all(writes);
    await SubmissionModel.collection.updateOne({ _id: id }, { $unset: { countersPending: '' } });
    settled += 1;
  }

  return settled;
}

function ignoreDuplicate(error: unknown): void {
  if (!isDuplicateKeyError(error)) {
    throw error;
  }
}

/**
 * Step 2: each month document becomes its days' documents, then is deleted. A day is moved by one
 * upsert that also marks the day document `migratedFrom` its month, and only where that mark is not
 * there yet: a run cut short and run again moves every day exactly once (the upsert of a day already
 * moved meets the unique index and is skipped). Counts written meanwhile by the new code are added
 * to, never overwritten.
 */
async function moveMonths(): Promise<number> {
  let moved = 0;
  for await (const month of legacyMonths().find<TLegacyMonth>({})) {
    const days = (month.days ?? []).map((counts, index) => ({ counts, index }));
    await Promise.all(
      days.map(async ({ counts, index }) => {
        const slots = Object.fromEntries(
          counts.flatMap((count, slot) => (count !== 0 ? [[`slots.${String(slot)}`, count]] : [])),
        );
        if (Object.keys(slots).length === 0) {
          return;
        }
        const day = `${month.month}-${String(index + 1).padStart(2, '0')}`;
        await FormStatsDayModel.collection
          .updateOne(
            { formId: month.formId, day, migratedFrom: { $exists: false } },
            {
              $inc: { ...slots, version: 1 },
              $set: { migratedFrom: month.month },
              $setOnInsert: { userId: month.userId },
            },
            { upsert: true },
          )
          .catch(ignoreDuplicate);
      }),
    );
    await legacyMonths().deleteOne({ _id: month._id });
    moved += 1;
  }

  return moved;
}

/**
 * Step 3: each month's quarter-of-day totals leave the form's totals document (where they grew by 96
 * counters a month) for their own FormStatsQuarters document, moved once the same way as the days,
 * then unset from the totals.
 */
async function moveQuartersOfDay(): Promise<void> {
  const withQuarters = FormStatsModel.collection.find<{
    _id: TId;
    formId: TId;
    userId: TId;
    quarterOfDay?: Record<string, Record<string, number>>;
  }>({ quarterOfDay: { $exists: true } });
  for await (const totals of withQuarters) {
    for (const [month, counts] of Object.entries(totals.quarterOfDay ?? {})) {
      const slots = Object.fromEntries(
        Object.entries(counts).map(([hhmm, count]) => [
          `slots.${String(quarterOfDayMinutes(hhmm) / 15)}`,
          count,
        ]),
      );
      await FormStatsQuartersModel.collection
        .updateOne(
          { formId: totals.formId, month, migratedFrom: { $exists: false } },
          {
            $inc: { ...slots, version: 1 },
            $set: { migratedFrom: 'form_stats' },
            $setOnInsert: { userId: totals.userId },
          },
          { upsert: true },
        )
        .catch(ignoreDuplicate);
      await FormStatsModel.collection.updateOne(
        { _id: totals._id },
        { $unset: { [`quarterOfDay.${month}`]: '' } },
      );
    }
    await FormStatsModel.collection.updateOne({ _id: totals._id }, { $unset: { quarterOfDay: '' } });
  }
}

/**
 * The analytics' quarter hours move from one document per form and UTC month (31 × 96 counters,
 * rewritten and journaled whole by every submit) to one per form and UTC day, each month's
 * quarter-of-day totals from the form's totals document to one per form and month, and the counters
 * stop remembering submission ids (`countedIds` on forms, totals and months). Idempotent: every step can
 * be cut short and run again. Meant to run before this release serves (`formwell db migrate`, or a
 * server migrating at start); `formwell analytics rebuild` run concurrently could count a half-moved
 * month twice.
 */
export async function migrateAnalyticsToDays(): Promise<{ settled: number; months: number }> {
  const settled = await settleLegacyMarks();
  const months = await moveMonths();
  await moveQuartersOfDay();
  const remembered = { countedIds: { $exists: true } };
  await Promise.all([
    FormModel.collection.updateMany(remembered, { $unset: { countedIds: '' } }),
    FormStatsModel.collection.updateMany(remembered, { $unset: { countedIds: '' } }),
  ]);

  return { settled, months };
}
